import { createServer } from 'node:net';
import { LOOPBACK_TEST_PORTS } from '../../infra/local/loopback-test-ports';

/**
 * The local test servers listen on loopback ports of one block, the only ones the emulator's
 * deployments open to the outbound-destination policy (infra/local/loopback-test-ports.ts).
 */
export const LOOPBACK_HOST = LOOPBACK_TEST_PORTS.host;

const drawPort = (): number => LOOPBACK_TEST_PORTS.from + Math.floor(Math.random() * (LOOPBACK_TEST_PORTS.to - LOOPBACK_TEST_PORTS.from + 1));

/** Calls `listen` with ports of the block drawn at random until one is free; answers the port. */
export const listenOnTestPort = async (listen: (port: number) => Promise<void>): Promise<number> => {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = drawPort();
    try {
      await listen(port);
      return port;
    } catch (error) {
      if ((error as { code?: string }).code !== 'EADDRINUSE') throw error;
    }
  }
  throw new Error(`No free port in ${LOOPBACK_TEST_PORTS.from}-${LOOPBACK_TEST_PORTS.to}`);
};

/** Listens a `node:net`-style server on the block; rejects on EADDRINUSE so that another port is drawn. */
export const listenServer = (server: { listen: (port: number, host: string, callback: () => void) => unknown; once: (event: 'error', listener: (error: Error) => void) => unknown; removeListener: (event: 'error', listener: (error: Error) => void) => unknown }) =>
  listenOnTestPort(
    (port) =>
      new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, LOOPBACK_HOST, () => {
          server.removeListener('error', reject);
          resolve();
        });
      }),
  );

/** A port of the block that nothing listens on now (for a server started by another program, or for nobody). */
export const freeTestPort = async (): Promise<number> => {
  const probe = createServer();
  const port = await listenServer(probe);
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
};
