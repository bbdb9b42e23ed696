// The hub's outbound HTTP on Node (the Outbound port). Every request goes to a URL a stranger gave us, so: resolve the
// host once, refuse private addresses, connect to exactly the address checked (no second DNS
// lookup that a rebinding attacker could answer differently), follow no redirects, send no
// cookies or credentials, stop after a deadline and never read more than a capped body.

import { lookup as dnsLookup } from 'node:dns/promises';
import { readFileSync } from 'node:fs';
import { Agent, type RequestOptions, request } from 'node:https';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { createSecureContext, getCACertificates, type SecureContext } from 'node:tls';
import { forbiddenReason } from '../../../hub/address.ts';
import { type Outbound, type OutboundResponse, RefusedCallback, TimedOut } from '../../../hub/ports.ts';

export { RefusedCallback, TimedOut } from '../../../hub/ports.ts';

export interface OutboundOptions {
  allowPrivate: boolean;
  maxResponseBytes: number;
  userAgent: string;
  extraCaFile: string;
  maxSockets: number;
}

interface Address {
  address: string;
  family: number;
}

/** The system CAs (Node's bundled list if the system has none) plus the extra PEM file. */
export function trustedCaContext(extraCaFile: string): SecureContext {
  const system = getCACertificates('system');
  const ca = [...(system.length > 0 ? system : getCACertificates('bundled'))];
  if (extraCaFile !== '') {
    const pem = readFileSync(extraCaFile, 'utf8');
    ca.push(...(pem.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []));
  }
  return createSecureContext({ ca });
}

/** Resolves a callback host and checks every address it resolves to. */
export async function resolveCallbackHost(hostname: string, allowPrivate: boolean, timeoutMs: number): Promise<Address[]> {
  const host = hostname.startsWith('[') ? hostname.slice(1, -1) : hostname;
  const family = isIP(host);
  let addresses: Address[];
  if (family !== 0) {
    addresses = [{ address: host, family }];
  } else {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new RefusedCallback(`${host}: DNS lookup timed out`)), timeoutMs);
    });
    try {
      addresses = await Promise.race([dnsLookup(host, { all: true, order: 'verbatim' }), timeout]);
    } catch (error) {
      if (error instanceof RefusedCallback) throw error;
      throw new RefusedCallback(`${host} does not resolve`);
    } finally {
      clearTimeout(timer);
    }
  }
  if (addresses.length === 0) throw new RefusedCallback(`${host} does not resolve`);
  if (!allowPrivate) {
    for (const { address } of addresses) {
      const reason = forbiddenReason(address);
      if (reason !== undefined) throw new RefusedCallback(`${host} resolves to a ${reason} address (${address})`);
    }
  }
  return addresses;
}

export function createOutbound(options: OutboundOptions): Outbound {
  const secureContext = trustedCaContext(options.extraCaFile);
  // Keep-alive matters for fan-out to many paths on one host. A pooled socket is always one
  // that was opened to a checked address, so reuse cannot bypass the address check.
  const agent = new Agent({ keepAlive: true, maxSockets: options.maxSockets, maxFreeSockets: options.maxSockets, timeout: 4000, scheduling: 'lifo' });
  let closed = false;

  function once(
    method: string,
    url: URL,
    targets: Address[],
    deadline: number,
    connectMs: number,
    headers: Record<string, string>,
    body: Uint8Array | undefined,
  ) {
    return new Promise<OutboundResponse & { reused: boolean }>((resolve, reject) => {
      const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
      // Only the addresses checked above; with `all`, Node tries each in turn (happy eyeballs).
      const first = targets[0] as Address;
      const pinned: LookupFunction = (_name, opts, callback) => {
        if (opts.all) callback(null, targets);
        else callback(null, first.address, first.family);
      };
      // secureContext is passed through to tls.connect, though RequestOptions does not list it.
      const requestOptions: RequestOptions & { secureContext: SecureContext } = {
        method,
        host,
        port: url.port === '' ? 443 : Number(url.port),
        path: `${url.pathname}${url.search}`,
        headers: {
          'user-agent': options.userAgent,
          ...headers,
          ...(body ? { 'content-length': String(body.byteLength) } : {}),
        },
        agent,
        secureContext,
        lookup: pinned,
        ...(isIP(host) === 0 ? { servername: host } : {}),
      };
      const req = request(requestOptions);
      const timer = setTimeout(() => req.destroy(new TimedOut(`no answer within the time limit`)), Math.max(1, deadline - Date.now()));
      let connectTimer: NodeJS.Timeout | undefined;
      req.on('socket', (socket) => {
        if (req.reusedSocket) return;
        connectTimer = setTimeout(
          () => req.destroy(new TimedOut('no connection within the time limit')),
          Math.max(1, Math.min(connectMs, deadline - Date.now())),
        );
        socket.once('secureConnect', () => clearTimeout(connectTimer));
      });
      req.on('error', (error) => {
        clearTimeout(timer);
        clearTimeout(connectTimer);
        reject(Object.assign(error, { reused: req.reusedSocket }));
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        let truncated = false;
        clearTimeout(connectTimer);
        const finish = () => {
          clearTimeout(timer);
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), truncated, reused: req.reusedSocket });
        };
        res.on('data', (chunk: Buffer) => {
          if (truncated) return;
          const room = options.maxResponseBytes - size;
          if (chunk.length > room) {
            chunks.push(chunk.subarray(0, room));
            truncated = true;
            res.destroy();
            finish();
            return;
          }
          chunks.push(chunk);
          size += chunk.length;
        });
        res.on('end', finish);
        res.on('error', (error) => {
          clearTimeout(timer);
          if (!truncated) reject(error);
        });
      });
      req.end(body);
    });
  }

  return {
    async send(method, rawUrl, { timeoutMs, connectTimeoutMs = timeoutMs, headers = {}, body }) {
      if (closed) throw new Error('the hub is closing');
      const deadline = Date.now() + timeoutMs;
      const url = new URL(rawUrl);
      if (url.protocol !== 'https:' || url.username !== '' || url.password !== '') {
        throw new RefusedCallback('only https: URLs without credentials are contacted');
      }
      const targets = await resolveCallbackHost(url.hostname, options.allowPrivate, timeoutMs);
      try {
        const { reused: _, ...response } = await once(method, url, targets, deadline, connectTimeoutMs, headers, body);
        return response;
      } catch (error) {
        // A kept-alive socket the server had just closed: the request never reached it.
        const { code, reused } = error as { code?: string; reused?: boolean };
        if (reused && (code === 'ECONNRESET' || code === 'EPIPE') && Date.now() < deadline && !closed) {
          const { reused: _, ...response } = await once(method, url, targets, deadline, connectTimeoutMs, headers, body);
          return response;
        }
        throw error;
      }
    },
    close() {
      closed = true;
      agent.destroy();
    },
  };
}
