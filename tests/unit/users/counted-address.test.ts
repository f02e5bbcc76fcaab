import { describe, expect, it } from 'vitest';
import { ORIGIN_SECRET_HEADER, VIEWER_ADDRESS_HEADER } from '@shared/network/edge-headers';
import { throttleSubjectOf } from '@shared/users/abuse-limits';
import { countedAddressOf, isOriginSecret, viewerAddressOf } from '../../../functions/src/middleware/source-address';

/**
 * Which address the abuse limits count a request for: the viewer's, from the edge's header, only
 * beside the right origin secret; else API Gateway's source address, whatever the client sent.
 */

const SECRET = 'Zq8sV0xA3mN6pT1rW4yB7dE2gH5jK9cL0fQ3uX6zA8bC1dE4';
const SOURCE = '130.176.1.20';
const headersWith = (secret: string | undefined, viewer: string | undefined) => ({
  ...(secret === undefined ? {} : { [ORIGIN_SECRET_HEADER]: secret }),
  ...(viewer === undefined ? {} : { [VIEWER_ADDRESS_HEADER.toLowerCase()]: viewer }),
});
const counted = (secret: string | undefined, viewer: string | undefined, expected: string | null = SECRET) =>
  countedAddressOf({ sourceIp: SOURCE, headers: headersWith(secret, viewer) }, expected);

describe('the address counted', () => {
  it('is the viewer’s beside the right origin secret', () => {
    expect(counted(SECRET, '198.51.100.10:46532')).toBe('198.51.100.10');
    expect(counted(SECRET, '[2001:db8:1:2::1]:443')).toBe('2001:db8:1:2::1');
    expect(counted(SECRET, '[::1]:443')).toBe('::1');
    expect(counted(SECRET, '2001:db8:1:2::1:443')).toBe('2001:db8:1:2::1');
    expect(counted(SECRET, '[::ffff:198.51.100.10]:443')).toBe('::ffff:198.51.100.10');
  });

  it('counts an IPv6 viewer as its /64, an IPv4-mapped one as its IPv4 address', () => {
    expect(throttleSubjectOf(counted(SECRET, '[2001:db8:1:2::1]:443'))).toBe(throttleSubjectOf('2001:db8:1:2:ffff::9'));
    expect(throttleSubjectOf(counted(SECRET, '[::ffff:198.51.100.10]:443'))).toBe('198.51.100.10');
  });

  it('is the source address without the secret, with a wrong one, or when no secret could be read, whatever viewer address is named', () => {
    expect(counted(undefined, '198.51.100.10:46532')).toBe(SOURCE);
    expect(counted('', '198.51.100.10:46532')).toBe(SOURCE);
    expect(counted(`${SECRET}x`, '198.51.100.10:46532')).toBe(SOURCE);
    expect(counted(SECRET.slice(0, -1), '198.51.100.10:46532')).toBe(SOURCE);
    expect(counted(SECRET.toLowerCase(), '[2001:db8::1]:443')).toBe(SOURCE);
    expect(counted(SECRET, '198.51.100.10:46532', null)).toBe(SOURCE);
    expect(counted('', '198.51.100.10:46532', '')).toBe(SOURCE);
  });

  it('is the source address beside the right secret when the edge named no viewer address, or no address and port', () => {
    for (const viewer of [undefined, '', '198.51.100.10', 'unknown:443', '198.51.100.10:http', '[2001:db8::1]', '[198.51.100.10]:443', '2001:db8::1', '0x7f.1:443', '198.51.100.10:443, 10.0.0.1:1']) {
      expect(counted(SECRET, viewer), String(viewer)).toBe(SOURCE);
    }
  });

  it('is null when API Gateway names no source and the request came without the secret', () => {
    expect(countedAddressOf({ sourceIp: null, headers: headersWith('wrong', '198.51.100.10:1') }, SECRET)).toBeNull();
  });
});

describe('the parts', () => {
  it('reads CloudFront-Viewer-Address as address and port', () => {
    expect(viewerAddressOf(' 203.0.113.7:65535 ')).toBe('203.0.113.7');
    expect(viewerAddressOf('[fe80::1]:8080')).toBe('fe80::1');
    expect(viewerAddressOf('::1:443')).toBe('::1');
    expect(viewerAddressOf('203.0.113.7:123456')).toBeNull();
    expect(viewerAddressOf(null)).toBeNull();
  });

  it('compares secrets of any length, refusing an empty one', () => {
    expect(isOriginSecret('abc', 'abc')).toBe(true);
    expect(isOriginSecret('abc', 'abcd')).toBe(false);
    expect(isOriginSecret('', '')).toBe(false);
    expect(isOriginSecret(undefined, 'abc')).toBe(false);
  });
});
