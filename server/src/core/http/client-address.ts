import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';

/**
 * TRUST_PROXY: which hops in front of the server are believed about the client's address
 * (docs/architecture.md §10, "Behind a proxy"; docs/operations.md, "nginx in front").
 * `hops: 0` believes none: the socket's peer is the client.
 * - `hops: n`: the n proxies nearest the server, whatever their addresses. Such a server must be
 *   reachable only through them: a client that connects directly is taken for a proxy, and the
 *   X-Forwarded-For it writes chooses its address.
 * - `addresses`: only a peer in these addresses or CIDRs is a proxy, hop after hop from the server
 *   out; the first address that is not one of them is the client's, however many hops the header
 *   lists before it. A client that connects directly is its own socket's address.
 */
export type TrustProxy = { readonly hops: number } | { readonly addresses: readonly string[] };

/** The most proxies a hop count may name: more than any real chain, it only bounds the value. */
const MAX_HOPS = 20;

const USAGE =
  'TRUST_PROXY must be off, on (one proxy), the number of proxies in front (1, 2…) or their addresses and CIDRs (10.0.0.0/8,127.0.0.1)';

/** One address or CIDR of an address list, or undefined when it is neither. */
function parseEntry(entry: string): { address: string; prefix: number | undefined; family: 4 | 6 } | undefined {
  const [address = '', prefixText, extra] = entry.split('/');
  const family = isIP(address);
  if (extra !== undefined || (family !== 4 && family !== 6)) return undefined;
  if (prefixText === undefined) return { address, prefix: undefined, family };
  if (!/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = Number(prefixText);
  return prefix <= (family === 4 ? 32 : 128) ? { address, prefix, family } : undefined;
}

/**
 * TRUST_PROXY as the server believes it, or the one line saying why the value is wrong (the
 * configuration turns it into its ConfigError). Unset, off, false and 0: no proxy; on and true: one.
 */
export function parseTrustProxy(value: string | undefined): TrustProxy | string {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'off' || v === 'false') return { hops: 0 };
  if (v === 'on' || v === 'true') return { hops: 1 };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= MAX_HOPS ? { hops } : `TRUST_PROXY: at most ${MAX_HOPS} proxies may be counted (got ${v})`;
  }
  const entries = v.split(',').map((s) => s.trim());
  if (entries.some((e) => e === '')) return USAGE;
  for (const entry of entries) {
    if (parseEntry(entry) === undefined) return `${USAGE}: "${entry.slice(0, 60)}" is neither`;
  }
  return { addresses: entries };
}

/**
 * The trust function Fastify's trustProxy takes (proxy-addr's form): `hop` 0 is the socket's peer,
 * 1 the last X-Forwarded-For entry, and so on outwards; the client is the first hop not trusted.
 * A number is not passed as such: Fastify believes no hop for a bare count.
 */
export function trustFunction(trust: TrustProxy): ((address: string, hop: number) => boolean) | false {
  if ('hops' in trust) {
    const { hops } = trust;
    return hops === 0 ? false : (_address, hop) => hop < hops;
  }
  const list = new BlockList();
  for (const entry of trust.addresses) {
    const parsed = parseEntry(entry);
    if (parsed === undefined) continue;
    const type = parsed.family === 4 ? 'ipv4' : 'ipv6';
    if (parsed.prefix === undefined) list.addAddress(parsed.address, type);
    else list.addSubnet(parsed.address, parsed.prefix, type);
  }
  return (address) => {
    const family = isIP(address);
    // Whatever is not an address (a proxy's "unknown", a forged word) is never a proxy.
    if (family === 0) return false;
    return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
  };
}

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/** The headers by which a proxy (or anyone) speaks of another client than the socket's peer. */
const FORWARDING_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip'] as const;

/**
 * Whether the request was made on the server's own machine: its socket's peer is a loopback
 * address and it names no other client. The socket, never TRUST_PROXY's address: a proxy on the
 * same machine connects from loopback for everyone, and a hop count believes whatever a client
 * that reaches the port directly writes. So a request through any proxy (one that says whom it
 * forwards) never counts as local, whatever TRUST_PROXY says.
 */
export function isFromThisMachine(raw: IncomingMessage): boolean {
  const peer = raw.socket?.remoteAddress;
  if (peer === undefined) return false;
  const family = isIP(peer);
  if (family === 0 || !LOOPBACK.check(peer, family === 4 ? 'ipv4' : 'ipv6')) return false;
  return FORWARDING_HEADERS.every((name) => raw.headers[name] === undefined);
}
