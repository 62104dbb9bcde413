import { isIP } from 'node:net';

/**
 * Who a request comes from, for rate limits. Fastify resolves `request.ip` from the socket and, behind
 * proxies, from X-Forwarded-For as far as TRUST_PROXY allows (a hop count or the proxies' addresses; see
 * server/config.ts). Here the address becomes a counting key: one IPv6 customer owns a whole /64 and can
 * rotate addresses inside it at will, so IPv6 is counted per /64; IPv4-mapped IPv6 is counted as IPv4.
 */
export function clientKey(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (isIP(ip) !== 6) return ip;
  const groups = expandIpv6(ip);
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : ip;
}

/** The eight 16-bit groups of an IPv6 address, each as lowercase hex without leading zeros; null if malformed. */
function expandIpv6(ip: string): string[] | null {
  const address = ip.split('%')[0] ?? ip; // a zone index (fe80::1%eth0) names an interface, not a host
  const [head = '', tail] = address.split('::');
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  let headGroups = parse(head);
  let tailGroups = tail === undefined ? [] : parse(tail);
  // An embedded IPv4 tail (::ffff:1.2.3.4 forms other than the mapped one) is two groups.
  const last = (tail === undefined ? headGroups : tailGroups).at(-1) ?? '';
  if (last.includes('.')) {
    const octets = last.split('.').map(Number);
    const pair = [((octets[0] ?? 0) << 8) | (octets[1] ?? 0), ((octets[2] ?? 0) << 8) | (octets[3] ?? 0)];
    const hex = pair.map((value) => value.toString(16));
    if (tail === undefined) headGroups = [...headGroups.slice(0, -1), ...hex];
    else tailGroups = [...tailGroups.slice(0, -1), ...hex];
  }
  const missing = 8 - headGroups.length - tailGroups.length;
  if (missing < 0 || (tail === undefined && missing !== 0)) return null;
  const groups = [...headGroups, ...Array<string>(missing).fill('0'), ...tailGroups];
  return groups.map((group) => Number.parseInt(group, 16).toString(16));
}
