import dns from 'node:dns/promises';
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import type { PluginNetwork } from '@backroom/contract';
import type { StoredPlugin } from './plugin.repository.js';

/** The largest answer body handed to a plugin. */
export const PLUGIN_HTTP_MAX_RESPONSE_BYTES = 1024 * 1024;
/** The largest request body a plugin may send as text (a file goes as `bodyFile`). */
const MAX_TEXT_BODY = 1024 * 1024;
/** The longest one request may take (and never longer than the call's own limit). */
const REQUEST_TIMEOUT_MS = 10_000;

/** Per call of a sandbox: the file that call may send (the upload hook's file). */
export type HttpCallFiles = Map<number, { name: string; path: string }>;

/**
 * Addresses a plugin reaches only when its manifest says `privateAddresses` and the operator
 * approved it: loopback, private, shared (CGNAT), link-local, unspecified, multicast, reserved.
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
  ['2001:db8::', 32],
] as const)
  PRIVATE.addSubnet(net, prefix, 'ipv6');

export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return PRIVATE.check(mapped[1], 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

type HostRule = { host: string; wildcard: boolean; port: number | null };

function ruleOf(entry: string): HostRule | null {
  const match = /^(\*\.)?(\[[^\]]+\]|[^:]+)(?::(\d{1,5}))?$/.exec(entry.trim().toLowerCase());
  if (!match?.[2]) return null;
  return { host: match[2], wildcard: !!match[1], port: match[3] ? Number(match[3]) : null };
}

/** The hosts a plugin may reach now: its approved list, and the hosts of the approved config URLs as configured. */
export function allowedHosts(network: PluginNetwork, config: Record<string, unknown>): string[] {
  const out = [...network.hosts];
  for (const field of network.configUrls) {
    const value = config[field];
    if (typeof value !== 'string') continue;
    try {
      const url = new URL(value);
      if (url.protocol === 'http:' || url.protocol === 'https:') out.push(url.host);
    } catch {
      // Not a URL: nothing is allowed by it.
    }
  }
  return out;
}

function matches(rule: HostRule, url: URL): boolean {
  const host = url.hostname.toLowerCase();
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  if (rule.port !== null && rule.port !== port) return false;
  return rule.wildcard ? host.endsWith(`.${rule.host}`) : host === rule.host;
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '');

type HttpRequest = {
  url?: unknown;
  method?: unknown;
  headers?: unknown;
  body?: unknown;
  bodyFile?: unknown;
};
export type HttpAnswer = { status: number; headers: Record<string, string>; body: string };

/**
 * The `http` capability of one plugin: a request to a host its approved network allows, after the
 * host's addresses are resolved and checked (no loopback, private or link-local address unless
 * `privateAddresses` was approved), connected to the checked address (no second lookup a DNS
 * answer could change), with a time limit, no redirect followed, and the answer cut at 1 MB.
 */
export function pluginHttp(
  plugin: StoredPlugin,
  config: () => Record<string, unknown>,
  files: HttpCallFiles,
  callTimeoutMs: number,
) {
  return async (args: unknown, callId: number): Promise<HttpAnswer> => {
    const request = (args ?? {}) as HttpRequest;
    const network = plugin.content.approvedNetwork;
    if (!network) throw new Error('this plugin has no approved network access');
    let url: URL;
    try {
      url = new URL(String(request.url));
    } catch {
      throw new Error('http: not a URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('http: only http and https URLs');
    if (url.username || url.password) throw new Error('http: put credentials in a header, not the URL');
    const rules = allowedHosts(network, config())
      .map(ruleOf)
      .filter((r): r is HostRule => r !== null);
    if (!rules.some((rule) => matches(rule, url))) {
      throw new Error(`http: ${url.host} is not among the hosts approved for this plugin`);
    }
    const hostname = bare(url.hostname);
    const addresses =
      isIP(hostname) !== 0
        ? [{ address: hostname, family: isIP(hostname) }]
        : await dns.lookup(hostname, { all: true }).catch(() => {
            throw new Error(`http: ${hostname} does not resolve`);
          });
    const first = addresses[0];
    if (!first) throw new Error(`http: ${hostname} does not resolve`);
    if (!network.privateAddresses) {
      const inside = addresses.find((a) => isPrivateAddress(a.address));
      if (inside)
        throw new Error(`http: ${hostname} is a private or loopback address (${inside.address}): not allowed`);
    }
    const method = typeof request.method === 'string' ? request.method.toUpperCase() : 'GET';
    if (!/^[A-Z]{1,20}$/.test(method)) throw new Error('http: bad method');
    const headers: Record<string, string | number> = {};
    if (request.headers && typeof request.headers === 'object') {
      for (const [k, v] of Object.entries(request.headers as Record<string, unknown>).slice(0, 50)) {
        if (
          typeof v === 'string' &&
          /^[A-Za-z0-9-]{1,100}$/.test(k) &&
          !/^(host|content-length|connection|transfer-encoding)$/i.test(k)
        )
          headers[k] = v.slice(0, 8000);
      }
    }
    let body: Buffer | string | undefined;
    let filePath: string | undefined;
    if (request.bodyFile !== undefined) {
      const file = files.get(callId);
      if (!file || file.name !== request.bodyFile) throw new Error('http: bodyFile names no file of this call');
      filePath = file.path;
      headers['content-length'] = (await stat(file.path)).size;
    } else if (request.body !== undefined && request.body !== null) {
      body = typeof request.body === 'string' ? request.body : JSON.stringify(request.body);
      if (Buffer.byteLength(body) > MAX_TEXT_BODY) throw new Error('http: the body is larger than 1 MB');
      headers['content-length'] = Buffer.byteLength(body);
    }
    // Connect to the address that was checked, whatever a second lookup would say.
    const lookup: LookupFunction = (_name, options, callback) => {
      if ((options as { all?: boolean }).all) callback(null, [{ address: first.address, family: first.family }]);
      else callback(null, first.address, first.family);
    };
    const timeout = Math.max(100, Math.min(REQUEST_TIMEOUT_MS, callTimeoutMs - 100));
    return new Promise<HttpAnswer>((resolve, reject) => {
      const client = url.protocol === 'https:' ? https : http;
      const req = client.request(
        url,
        { method, headers, lookup, agent: false, signal: AbortSignal.timeout(timeout) },
        (response: IncomingMessage) => {
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > PLUGIN_HTTP_MAX_RESPONSE_BYTES) {
              response.destroy();
              reject(new Error('http: the answer is larger than 1 MB'));
              return;
            }
            chunks.push(chunk);
          });
          response.on('error', (error) => reject(new Error(`http: ${error.message}`)));
          response.on('end', () => {
            const out: Record<string, string> = {};
            for (const [k, v] of Object.entries(response.headers)) if (typeof v === 'string') out[k] = v.slice(0, 2000);
            resolve({ status: response.statusCode ?? 0, headers: out, body: Buffer.concat(chunks).toString('utf8') });
          });
        },
      );
      req.on('error', (error: Error) =>
        reject(
          new Error(error.name === 'AbortError' ? `http: no answer within ${timeout} ms` : `http: ${error.message}`),
        ),
      );
      if (filePath) {
        const stream = createReadStream(filePath);
        stream.on('error', (error) => req.destroy(error));
        stream.pipe(req);
      } else req.end(body);
    });
  };
}
