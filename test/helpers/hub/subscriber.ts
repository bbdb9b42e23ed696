// A real HTTPS subscriber for the tests: records every request and answers each path as told
// (by default it echoes hub.challenge and acknowledges deliveries with 204).
import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TestPki } from '../pki.ts';

export interface Received {
  method: string;
  /** The raw request target, query string included. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** When the request's body had arrived (epoch ms). */
  at: number;
}

export type Behavior = (req: Received, res: ServerResponse) => void;

export const echo: Behavior = (req, res) => {
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end(req.query.get('hub.challenge') ?? '');
};

export const acknowledge: Behavior = (req, res) => {
  if (req.method === 'GET') return echo(req, res);
  res.writeHead(204);
  res.end();
};

export interface Subscriber {
  origin: string;
  url(path: string): string;
  /** Sets how a path answers (`*`: every path without its own); the default is `acknowledge`. */
  handle(path: string, behavior: Behavior): void;
  /** The requests received on a path (`*`: on any path). */
  requests(path: string, method?: string): Received[];
  /** Requests received and neither answered nor given up by the client yet. */
  pending(): number;
  /** How long (ms) the client waited for each request it gave up before an answer, in order. */
  given(): number[];
  close(): Promise<void>;
}

export async function startSubscriber(pki: TestPki, host = '127.0.0.1'): Promise<Subscriber> {
  const log: Received[] = [];
  const behaviors = new Map<string, Behavior>();
  let pending = 0;
  const given: number[] = [];
  const server = createServer({ key: pki.key, cert: pki.cert }, (req, res) => {
    const arrived = Date.now();
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'https://subscriber');
      const received: Received = {
        method: req.method ?? '',
        url: req.url ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: Date.now(),
      };
      log.push(received);
      pending += 1;
      res.on('close', () => {
        pending -= 1;
        if (!res.writableFinished) given.push(Date.now() - arrived);
      });
      (behaviors.get(url.pathname) ?? behaviors.get('*') ?? acknowledge)(received, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `https://${/^127\./.test(host) ? host : 'localhost'}:${port}`;
  return {
    origin,
    url: (path) => `${origin}${path}`,
    handle: (path, behavior) => behaviors.set(path, behavior),
    requests: (path, method) => log.filter((r) => (path === '*' || r.path === path) && (method === undefined || r.method === method)),
    pending: () => pending,
    given: () => [...given],
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls until `check` holds. The default wait is long because a loaded CI runner can be slow;
 * a wait that holds ends at once. `explain`: what the failure message adds when it times out.
 */
export async function waitFor(what: string, check: () => boolean, timeoutMs = 15_000, explain?: () => string): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}${explain ? `\n${explain()}` : ''}`);
    await sleep(10);
  }
}
