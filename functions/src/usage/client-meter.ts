import { countCall, metering } from './meter';

interface MiddlewareClient {
  middlewareStack: { add: (middleware: any, options: { step: 'initialize'; name: string }) => void };
}

/** The bytes a call carries, where its price depends on them (an e-mail's attachments, an object stored). */
export const bytesOf = (input: Record<string, any>): number => {
  const data = input.Content?.Raw?.Data ?? input.Body;
  if (typeof data === 'string') return Buffer.byteLength(data);
  if (data instanceof Uint8Array) return data.byteLength;
  return 0;
};

/**
 * Counts every call of an SDK client as `<service>:<Operation>` in the metered invocation's usage
 * (meter.ts), and the bytes it carries as `<service>:<Operation>:bytes` where it carries some.
 * Returns the client.
 */
export const meterCalls = <Client extends MiddlewareClient>(client: Client, service: string): Client => {
  client.middlewareStack.add(
    (next: (args: { input: Record<string, any> }) => Promise<unknown>, context: { commandName?: string }) => async (args: { input: Record<string, any> }) => {
      if (metering()) {
        const name = `${service}:${(context.commandName ?? 'Unknown').replace(/Command$/, '')}`;
        countCall(name);
        const bytes = bytesOf(args.input ?? {});
        if (bytes) countCall(`${name}:bytes`, bytes);
      }
      return next(args);
    },
    { step: 'initialize', name: 'usageCallCounter' },
  );
  return client;
};
