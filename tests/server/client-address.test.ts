import { describe, expect, it } from 'vitest';
import { clientKey } from '../../server/lib/client-address';

describe('clientKey (rate-limit key of a client address)', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:db8:1:2::1', '2001:db8:1:2::/64'],
    ['2001:0db8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8:0:0::/64'],
    ['::1', '0:0:0:0::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8:1:2::192.0.2.1', '2001:db8:1:2::/64'],
  ])('%s counts as %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });

  it('puts every address of one /64 in one bucket and a neighbouring /64 in another', () => {
    const rotated = ['2001:db8:aa:bb::1', '2001:db8:aa:bb:ffff::9', '2001:db8:aa:bb:1:2:3:4'].map(clientKey);
    expect(new Set(rotated).size).toBe(1);
    expect(clientKey('2001:db8:aa:bc::1')).not.toBe(rotated[0]);
  });
});
