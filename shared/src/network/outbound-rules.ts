import { literalAddressOf, rangeOf, sameAddress, unbracketed, type AddressRange, type IpBytes } from './ip-address';

/**
 * The outbound-destination policy's rules: which host, port and resolved addresses a function may
 * connect to when a customer typed them (SMTP, FTP/SFTP, IMAP, provider endpoints). Pure: the
 * resolving and the connecting are the functions' own.
 */

/** One entry of the deployment's allow-list: an address or a host name, and the ports it opens. */
export interface AllowListEntry {
  /** The address the entry names, or null when it names a host. */
  address: IpBytes | null;
  /** The host name as written (lower case, no final dot), when the entry names one. */
  name: string | null;
  ports: { from: number; to: number };
}

const PORT = /^(?:[1-9]\d{0,4})$/;
const portOf = (text: string): number | null => (PORT.test(text) && Number(text) <= 65_535 ? Number(text) : null);

/** A host name or address as the policy compares it: lower case, without IPv6 brackets or the final dot. */
export const normalizedHost = (host: string): string => unbracketed(host.trim()).toLowerCase().replace(/\.$/, '');

const HOST_NAME = /^(?=.{1,253}$)(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?\.)*[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9])?$/;

/**
 * The allow-list setting: entries separated by commas or spaces, each `host:port`, `host:from-to`
 * or `host:*`, an IPv6 address in brackets (`[::1]:2525`). Empty in production. Anything else is
 * refused, so that a typo fails the deployment rather than opening more than meant.
 */
export const parseAllowList = (setting: string | undefined | null): AllowListEntry[] =>
  (setting ?? '')
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => {
      const match = /^(\[[^\]]+\]|[^:\s]+):(\*|\d+(?:-\d+)?)$/.exec(entry);
      if (!match) throw new Error(`Allow-list entry "${entry}" is not host:port, host:from-to or host:*`);
      const [, hostPart, portPart] = match;
      const [first, last] = portPart === '*' ? ['1', '65535'] : portPart.split('-');
      const from = portOf(first);
      const to = portOf(last ?? first);
      if (from === null || to === null || from > to) throw new Error(`Allow-list entry "${entry}" has an invalid port or range`);
      const host = normalizedHost(hostPart);
      const address = literalAddressOf(host);
      if (!address && !HOST_NAME.test(host)) throw new Error(`Allow-list entry "${entry}" names no valid host`);
      return { address, name: address ? null : host, ports: { from, to } };
    });

/** Whether an entry opens this host (as typed), address and port. */
const opens = (entry: AllowListEntry, host: string, address: IpBytes, port: number): boolean =>
  port >= entry.ports.from && port <= entry.ports.to && (entry.address ? sameAddress(entry.address, address) : entry.name === host);

/**
 * AWS's own service endpoints (`dynamodb.eu-west-3.amazonaws.com`, function URLs `*.on.aws` …):
 * never reached with what a customer typed. A customer's EC2 machine by its public DNS name
 * (`ec2-203-0-113-7.eu-west-3.compute.amazonaws.com`) is a server like any other.
 */
export const isAwsServiceHost = (host: string): boolean => {
  const name = normalizedHost(host);
  if (/^ec2-[\d-]+\.(?:[a-z0-9-]+\.)?compute(?:-1)?\.amazonaws\.com(?:\.cn)?$/.test(name)) return false;
  return /(?:^|\.)(?:amazonaws\.com|amazonaws\.com\.cn|api\.aws|on\.aws)$/.test(name);
};

/** The deployment's own endpoint (the emulator, the web app): by address or by name, and port. */
export interface OwnEndpoint {
  host: string;
  port: number;
}

/** The host and port of an endpoint URL (`http://127.0.0.1:4566` → 127.0.0.1, 4566). */
export const ownEndpointOf = (url: string): OwnEndpoint => {
  const parsed = new URL(url);
  const port = parsed.port ? Number(parsed.port) : parsed.protocol === 'https:' || parsed.protocol === 'wss:' ? 443 : 80;
  return { host: normalizedHost(parsed.hostname), port };
};

const isOwnEndpoint = (endpoints: readonly OwnEndpoint[], host: string, address: IpBytes, port: number): boolean =>
  endpoints.some((endpoint) => {
    if (endpoint.port !== port) return false;
    const endpointAddress = literalAddressOf(endpoint.host);
    return endpointAddress ? sameAddress(endpointAddress, address) : endpoint.host === host;
  });

export type RefusalReason = Exclude<AddressRange, 'public'> | 'own_endpoint';

export type Judgement = { allowed: true; address: IpBytes } | { allowed: false; reason: RefusalReason; address: IpBytes | null };

export interface PolicySettings {
  allowList: readonly AllowListEntry[];
  ownEndpoints: readonly OwnEndpoint[];
}

/**
 * The decision on a host as typed, its port and every address it resolved to. Refused: the
 * deployment's own endpoints (whatever the allow-list says), then any address that is not public
 * unless the allow-list opens it. One refused address refuses the host (a name that resolves
 * both outside and inside is not let through on its outside address). The address to connect to
 * is the first one allowed, IPv4 first.
 */
export const judgeDestination = (host: string, port: number, addresses: readonly IpBytes[], settings: PolicySettings): Judgement => {
  const name = normalizedHost(host);
  if (isAwsServiceHost(name)) return { allowed: false, reason: 'own_endpoint', address: null };
  if (addresses.length === 0) return { allowed: false, reason: 'unspecified', address: null };
  for (const address of addresses) {
    if (isOwnEndpoint(settings.ownEndpoints, name, address, port)) return { allowed: false, reason: 'own_endpoint', address };
    const range = rangeOf(address);
    if (range !== 'public' && !settings.allowList.some((entry) => opens(entry, name, address, port))) return { allowed: false, reason: range, address };
  }
  const ordered = [...addresses].sort((a, b) => a.length - b.length);
  return { allowed: true, address: ordered[0] };
};
