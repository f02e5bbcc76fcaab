import { describe, expect, it } from 'vitest';
import { formatAddress, literalAddressOf, parseIpv4Loose, parseIpv6, rangeOf, sameAddress, type IpBytes } from '@shared/network/ip-address';
import { isAwsServiceHost, judgeDestination, ownEndpointOf, parseAllowList, type PolicySettings } from '@shared/network/outbound-rules';

const address = (text: string): IpBytes => {
  const bytes = literalAddressOf(text);
  if (!bytes) throw new Error(`${text} is no address`);
  return bytes;
};
const rangeOfText = (text: string) => rangeOf(address(text));

describe('reading addresses without a resolver', () => {
  it.each([
    ['127.0.0.1', '127.0.0.1'],
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0X7F000001', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['0x7f.0.0.1', '127.0.0.1'],
    ['127.000.000.001', '127.0.0.1'],
    ['169.254.43518', '169.254.169.254'],
    ['0251.0376.0251.0376', '169.254.169.254'],
    ['0', '0.0.0.0'],
    ['10.1', '10.0.0.1'],
  ])('reads %s as %s, as inet_aton and URL parsers do', (text, expected) => {
    expect(formatAddress(address(text))).toBe(expected);
  });

  it.each(['example.com', '256.0.0.1', '1.2.3.4.5', '08.0.0.1', '4294967296', '1.2.3.256', '1..2', 'localhost', '0x1g'])('takes %s for a name, not an address', (text) => {
    expect(parseIpv4Loose(text)).toBeNull();
  });

  it.each([
    ['::1', '::1'],
    ['[::1]', '::1'],
    ['::', '::'],
    ['[::]', '::'],
    ['::ffff:127.0.0.1', '::ffff:7f00:1'],
    ['::FFFF:7f00:1', '::ffff:7f00:1'],
    ['fe80::1%eth0', 'fe80::1'],
    ['2001:DB8:0:0:0:0:0:1', '2001:db8::1'],
    ['1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8'],
    ['1:2:3:4:5:6:1.2.3.4', '1:2:3:4:5:6:102:304'],
    ['fd00:ec2::254', 'fd00:ec2::254'],
  ])('reads the IPv6 address %s', (text, expected) => {
    expect(formatAddress(address(text))).toBe(expected);
  });

  it.each(['1::2::3', ':1', '1:2:3:4:5:6:7:8:9', '1:2:3:4::5:6:7:8', '12345::', '::1.2.3', 'g::1'])('refuses the malformed IPv6 %s', (text) => {
    expect(parseIpv6(text)).toBeNull();
  });
});

describe('address ranges', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['2130706433', 'loopback'],
    ['0x7f000001', 'loopback'],
    ['0177.0.0.1', 'loopback'],
    ['169.254.169.254', 'link_local'],
    ['::ffff:169.254.169.254', 'link_local'],
    ['fe80::1', 'link_local'],
    ['febf::1', 'link_local'],
    ['10.0.0.1', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fc00::1', 'unique_local'],
    ['fd00:ec2::254', 'unique_local'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['192.0.2.10', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['2002:a00:1::', 'private'],
    ['::7f00:1', 'reserved'],
  ])('puts %s in %s', (text, range) => {
    expect(rangeOfText(text)).toBe(range);
  });

  it.each(['8.8.8.8', '172.32.0.1', '100.128.0.1', '193.0.0.1', '2a00:1450:4007:80e::200e', '::ffff:8.8.8.8', '64:ff9b::808:808'])('takes %s for a public address', (text) => {
    expect(rangeOfText(text)).toBe('public');
  });

  it('compares an IPv4-mapped IPv6 address with its IPv4 address', () => {
    expect(sameAddress(address('::ffff:127.0.0.1'), address('127.0.0.1'))).toBe(true);
    expect(sameAddress(address('::1'), address('127.0.0.1'))).toBe(false);
  });
});

describe('the allow-list setting', () => {
  it('reads host:port, ranges, any port and bracketed IPv6, separated by commas or spaces', () => {
    const entries = parseAllowList('127.0.0.1:24000-24999, smtp.Internal.example.:25 [::1]:2525,relay.example:*');
    expect(entries.map((entry) => ({ ...entry, address: entry.address && formatAddress(entry.address) }))).toEqual([
      { address: '127.0.0.1', name: null, ports: { from: 24000, to: 24999 } },
      { address: null, name: 'smtp.internal.example', ports: { from: 25, to: 25 } },
      { address: '::1', name: null, ports: { from: 2525, to: 2525 } },
      { address: null, name: 'relay.example', ports: { from: 1, to: 65535 } },
    ]);
  });

  it('is empty when not set', () => {
    expect(parseAllowList('')).toEqual([]);
    expect(parseAllowList(undefined)).toEqual([]);
  });

  it.each(['127.0.0.1', '127.0.0.1:', '127.0.0.1:0', '127.0.0.1:70000', '127.0.0.1:30-20', 'exa mple:25', '::1:25', 'bad_host!:25', 'http://127.0.0.1:25'])(
    'refuses the entry %s rather than guess',
    (setting) => {
      expect(() => parseAllowList(setting)).toThrow(/Allow-list entry/);
    },
  );
});

describe('judging a destination', () => {
  const production: PolicySettings = { allowList: [], ownEndpoints: [] };
  const emulator: PolicySettings = { allowList: parseAllowList('127.0.0.1:24000-24999'), ownEndpoints: [ownEndpointOf('http://127.0.0.1:4567')] };
  const judged = (host: string, port: number, resolved: string[], settings = production) => judgeDestination(host, port, resolved.map(address), settings);

  it('lets a public address through, IPv4 first', () => {
    expect(judged('smtp.example.com', 587, ['2a00:1450:4007:80e::200e', '142.250.75.238'])).toEqual({ allowed: true, address: address('142.250.75.238') });
  });

  it.each([
    ['127.0.0.1', ['127.0.0.1'], 'loopback'],
    ['169.254.169.254', ['169.254.169.254'], 'link_local'],
    ['10.0.0.1', ['10.0.0.1'], 'private'],
    ['[::1]', ['::1'], 'loopback'],
    ['localhost', ['127.0.0.1'], 'loopback'],
    ['[::ffff:127.0.0.1]', ['::ffff:127.0.0.1'], 'loopback'],
    ['0.0.0.0', ['0.0.0.0'], 'unspecified'],
    ['[::]', ['::'], 'unspecified'],
    ['224.0.0.1', ['224.0.0.1'], 'multicast'],
    ['[fd00:ec2::254]', ['fd00:ec2::254'], 'unique_local'],
  ])('refuses %s (%s) as %s', (host, resolved, reason) => {
    expect(judged(host, 25, resolved)).toMatchObject({ allowed: false, reason });
  });

  it('refuses a name when any of its addresses is refused', () => {
    expect(judged('rebinding.example', 443, ['93.184.215.14', '127.0.0.1'])).toMatchObject({ allowed: false, reason: 'loopback' });
  });

  it('refuses a name that resolved to nothing', () => {
    expect(judged('nothing.example', 443, [])).toMatchObject({ allowed: false });
  });

  it('opens only the allow-listed address and ports', () => {
    expect(judged('127.0.0.1', 24010, ['127.0.0.1'], emulator)).toMatchObject({ allowed: true });
    expect(judged('localhost', 24010, ['127.0.0.1'], emulator)).toMatchObject({ allowed: true });
    expect(judged('127.0.0.1', 25, ['127.0.0.1'], emulator)).toMatchObject({ allowed: false, reason: 'loopback' });
    expect(judged('[::1]', 24010, ['::1'], emulator)).toMatchObject({ allowed: false, reason: 'loopback' });
    expect(judged('10.0.0.1', 24010, ['10.0.0.1'], emulator)).toMatchObject({ allowed: false, reason: 'private' });
  });

  it('opens a name entry by the name typed, not by what another name resolves to', () => {
    const settings: PolicySettings = { allowList: parseAllowList('relay.internal:25'), ownEndpoints: [] };
    expect(judged('RELAY.internal.', 25, ['10.1.2.3'], settings)).toMatchObject({ allowed: true });
    expect(judged('other.internal', 25, ['10.1.2.3'], settings)).toMatchObject({ allowed: false, reason: 'private' });
  });

  it("refuses the deployment's own endpoints, even when the allow-list would open them", () => {
    const wide: PolicySettings = { allowList: parseAllowList('127.0.0.1:*'), ownEndpoints: [ownEndpointOf('http://127.0.0.1:4567')] };
    expect(judged('127.0.0.1', 4567, ['127.0.0.1'], wide)).toMatchObject({ allowed: false, reason: 'own_endpoint' });
    expect(judged('localhost', 4567, ['127.0.0.1'], wide)).toMatchObject({ allowed: false, reason: 'own_endpoint' });
    expect(judged('127.0.0.1', 4568, ['127.0.0.1'], wide)).toMatchObject({ allowed: true });
    const app: PolicySettings = { allowList: [], ownEndpoints: [ownEndpointOf('https://app.wattwise.example')] };
    expect(judged('app.wattwise.example', 443, ['93.184.215.14'], app)).toMatchObject({ allowed: false, reason: 'own_endpoint' });
  });

  it.each(['dynamodb.us-east-1.amazonaws.com', 'abc.execute-api.eu-west-3.amazonaws.com', 's3.cn-north-1.amazonaws.com.cn', 'xyz.lambda-url.eu-west-3.on.aws', 'AMAZONAWS.COM.'])(
    "refuses AWS's service host %s",
    (host) => {
      expect(isAwsServiceHost(host)).toBe(true);
      expect(judged(host, 443, ['52.94.0.1'])).toMatchObject({ allowed: false, reason: 'own_endpoint' });
    },
  );

  it("takes a customer's EC2 machine by its public name for a server like any other", () => {
    expect(isAwsServiceHost('ec2-203-0-113-7.eu-west-3.compute.amazonaws.com')).toBe(false);
    expect(isAwsServiceHost('ec2-54-1-2-3.compute-1.amazonaws.com')).toBe(false);
    expect(isAwsServiceHost('notamazonaws.com')).toBe(false);
  });
});
