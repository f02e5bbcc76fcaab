import { lookup } from 'node:dns/promises';
import * as http from 'node:http';
import * as https from 'node:https';
import { connect, type LookupFunction, type Socket } from 'node:net';
import { formatAddress, literalAddressOf, type IpBytes } from '@shared/network/ip-address';
import { isAwsServiceHost, judgeDestination, normalizedHost, ownEndpointOf, parseAllowList, type PolicySettings, type RefusalReason } from '@shared/network/outbound-rules';
import { config } from '../config';
import { appUrl } from './app-url';
import { AppError } from '../errors';
import { describeError, logger } from '../logger';

/**
 * The one way to reach an address a customer typed (SMTP, FTP/SFTP, IMAP, provider endpoints):
 * the host is resolved here, every address it resolves to is judged by the outbound-destination
 * rules, and the connection goes to the address that was judged — never to a second resolution
 * of the name, so a name that resolves elsewhere a moment later is still caught. TLS keeps the
 * typed host as its server name, so certificates are checked against the name.
 */

const allowList = parseAllowList(config.OUTBOUND_ALLOW_LIST);

/** The app's address when it can be read: a parameter that cannot be read must not stop every outbound connection. */
const ownAppUrl = async (): Promise<string | null> => {
  try {
    return await appUrl();
  } catch (error) {
    logger.warn('app address unknown to the outbound policy', describeError(error));
    return null;
  }
};

/** The policy's settings: the web app's address may be learnt at run time (its parameter), the rest is configuration. */
const currentPolicy = async (): Promise<PolicySettings> => ({
  allowList,
  // The emulator's (or AWS's) endpoint, the web app, the WebSocket management API: the deployment's own.
  ownEndpoints: [config.AWS_ENDPOINT_URL, await ownAppUrl(), config.WS_MANAGEMENT_ENDPOINT].filter((url): url is string => Boolean(url)).map(ownEndpointOf),
});

/** Refused by the policy: answered `destination_not_allowed` (400) to a request, recorded with that code on a retriever or source. */
export class DestinationNotAllowedError extends AppError {
  constructor(
    readonly host: string,
    readonly port: number,
    readonly reason: RefusalReason,
  ) {
    super('destination_not_allowed', { details: { host, port, reason } });
    this.name = 'DestinationNotAllowedError';
  }
}

/** A destination the policy let through: connect to `address`; TLS names `servername`. */
export interface CheckedDestination {
  host: string;
  port: number;
  address: string;
  family: 4 | 6;
  /** The typed host when it is a name (none for an address: TLS then checks the address). */
  servername: string | undefined;
}

/** A resolver that does not answer is not waited for longer than a user would wait for a test. */
const LOOKUP_TIMEOUT_MS = 10_000;

const resolveAll = async (host: string): Promise<IpBytes[]> => {
  const literal = literalAddressOf(host);
  if (literal) return [literal];
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(Object.assign(new Error(`DNS lookup of ${host} timed out`), { code: 'ETIMEDOUT' })), LOOKUP_TIMEOUT_MS);
  });
  try {
    const answers = await Promise.race([lookup(host, { all: true, verbatim: true }), timeout]);
    return answers.map((answer) => literalAddressOf(answer.address)).filter((address): address is IpBytes => address !== null);
  } finally {
    clearTimeout(timer);
  }
};

/**
 * Resolves a typed host and judges it with its port. Refused: `DestinationNotAllowedError`; a
 * name that does not resolve fails as the resolver says (`ENOTFOUND`), like a connection would.
 */
export const checkDestination = async (typedHost: string, port: number): Promise<CheckedDestination> => {
  const host = normalizedHost(typedHost);
  const refuse = (reason: RefusalReason, address: IpBytes | null): never => {
    logger.warn('outbound destination refused', { host, port, reason, address: address && formatAddress(address) });
    throw new DestinationNotAllowedError(host, port, reason);
  };
  // AWS's own names are refused before anything is asked of a resolver.
  if (isAwsServiceHost(host)) refuse('own_endpoint', null);
  const judgement = judgeDestination(host, port, await resolveAll(host), await currentPolicy());
  if (!judgement.allowed) return refuse(judgement.reason, judgement.address);
  const literal = literalAddressOf(host);
  return {
    host,
    port,
    address: formatAddress(judgement.address),
    family: judgement.address.length === 4 ? 4 : 6,
    servername: literal ? undefined : host,
  };
};

/**
 * At save time: refuses a host that is, or resolves to, a destination the policy refuses. A name
 * that does not resolve now is saved (its connections will say the host is unknown, and are
 * judged again when they are made).
 */
export const assertDestinationAllowed = async (host: string, port: number): Promise<void> => {
  try {
    await checkDestination(host, port);
  } catch (error) {
    if (error instanceof DestinationNotAllowedError) throw error;
  }
};

/** A TCP connection to a checked address, open (or failed) within `timeoutMs`. */
export const openCheckedSocket = async (host: string, port: number, timeoutMs: number): Promise<Socket> => {
  const destination = await checkDestination(host, port);
  return new Promise<Socket>((resolve, reject) => {
    const socket = connect({ host: destination.address, port: destination.port, family: destination.family });
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () => fail(Object.assign(new Error(`Connection to ${host}:${port} timed out`), { code: 'ETIMEDOUT' })));
    socket.once('error', fail);
    socket.once('connect', () => {
      socket.setTimeout(0);
      socket.removeListener('error', fail);
      resolve(socket);
    });
  });
};

/** The resolver an HTTP request uses: it answers the checked address and nothing else. */
const pinnedLookup =
  (destination: CheckedDestination): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [{ address: destination.address, family: destination.family }]);
    else callback(null, destination.address, destination.family);
  };

export interface CheckedAnswer {
  status: number;
  text: string;
  /** Where the answer came from (after redirects). */
  url: URL;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const MAX_REDIRECTS = 3;

const portOfUrl = (url: URL): number => (url.port ? Number(url.port) : url.protocol === 'https:' ? 443 : 80);

const getOnce = async (url: URL, headers: Record<string, string>, signal: AbortSignal): Promise<{ status: number; text: string; location: string | undefined }> => {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${url.protocol} is not HTTP`);
  const destination = await checkDestination(url.hostname, portOfUrl(url));
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = transport.request(url, { method: 'GET', headers, signal, lookup: pinnedLookup(destination) }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8'), location: response.headers.location }));
    });
    request.on('error', reject);
    request.end();
  });
};

/**
 * GETs a URL a customer typed (a provider's endpoint). Redirects are followed a few times, each
 * new address judged again; the caller's headers (an api key) go to the first origin only.
 */
export const getChecked = async (url: URL, headers: Record<string, string>, timeoutMs: number): Promise<CheckedAnswer> => {
  const signal = AbortSignal.timeout(timeoutMs);
  let current = url;
  let sent = headers;
  for (let hop = 0; ; hop += 1) {
    const answer = await getOnce(current, sent, signal);
    if (!REDIRECTS.has(answer.status) || !answer.location || hop === MAX_REDIRECTS) return { status: answer.status, text: answer.text, url: current };
    const next = new URL(answer.location, current);
    if (next.origin !== url.origin) sent = Object.fromEntries(Object.entries(headers).filter(([name]) => name.toLowerCase() === 'accept'));
    current = next;
  }
};
