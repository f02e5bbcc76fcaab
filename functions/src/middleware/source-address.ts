import { createHash, timingSafeEqual } from 'node:crypto';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '@shared/network/edge-headers';
import { parseIpv4, parseIpv6 } from '@shared/network/ip-address';
import { secretValue } from '../clients/secrets';
import { config } from '../config';
import { logger } from '../logger';

/**
 * The address in a CloudFront-Viewer-Address value (`ip:port`): `198.51.100.10:46532`,
 * `[2001:db8::1]:46532`, or an IPv6 address without brackets, the port after its last colon. Null
 * when the value is not an address and a port.
 */
export const viewerAddressOf = (value: string | null | undefined): string | null => {
  const text = value?.trim() ?? '';
  const bracketed = /^\[([^\]]+)\]:(\d{1,5})$/.exec(text);
  if (bracketed) return parseIpv6(bracketed[1]) ? bracketed[1] : null;
  const separator = text.lastIndexOf(':');
  if (separator <= 0 || !/^\d{1,5}$/.test(text.slice(separator + 1))) return null;
  const address = text.slice(0, separator);
  return parseIpv4(address) || (address.includes(':') && parseIpv6(address)) ? address : null;
};

/** Whether the secret a request carries is the origin secret: compared in constant time (digests of equal length), never an empty one. */
export const isOriginSecret = (given: string | null | undefined, expected: string | null | undefined): boolean => {
  if (!given || !expected) return false;
  const [a, b] = [given, expected].map((text) => createHash('sha256').update(text, 'utf8').digest());
  return timingSafeEqual(a, b);
};

/**
 * The address a request is counted for by the abuse limits: the viewer's, from the edge's header,
 * when the request carries the origin secret (only the edge can send it: it came through the
 * edge, which wrote that header over any the viewer sent); else API Gateway's view of the
 * connection, whatever headers the client set.
 */
export const countedAddressOf = (
  request: { sourceIp: string | null; headers: Readonly<Record<string, string | undefined>> },
  originSecret: string | null,
): string | null => {
  if (!isOriginSecret(request.headers[ORIGIN_SECRET_HEADER], originSecret)) return request.sourceIp;
  return viewerAddressOf(request.headers[VIEWER_ADDRESS_HEADER.toLowerCase()]) ?? request.sourceIp;
};

/**
 * The same for a request of the HTTP stack (`headers` lower-cased): the origin secret is read once
 * per container, by the functions that have it (ORIGIN_SECRET_ARN) and only for a request that
 * carries a secret at all. A secret that cannot be read counts the request for its source.
 */
export const sourceAddressOf = async (sourceIp: string | null, headers: Readonly<Record<string, string | undefined>>): Promise<string | null> => {
  if (!config.ORIGIN_SECRET_ARN || !headers[ORIGIN_SECRET_HEADER]) return sourceIp;
  let originSecret: string | null = null;
  try {
    originSecret = await secretValue(config.ORIGIN_SECRET_ARN);
  } catch (error) {
    logger.warn('origin secret unreadable: the request is counted for its source address', { error: String(error) });
  }
  return countedAddressOf({ sourceIp, headers }, originSecret);
};
