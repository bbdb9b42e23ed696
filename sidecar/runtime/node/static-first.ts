// The built files' hot path at the node:http level: a GET or HEAD of a built file is answered
// from its prepared response without building a Fetch Request and Response, which is most of
// what a small file costs through the Hono adapter. Anything else, and any request whose
// target is not a plain origin-form path, goes to the app unchanged (sidecar/routes/static.ts answers
// the same files there, for in-process use).
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { unchanged } from '../../http/respond.ts';
import type { PreparedFiles } from '../../routes/static.ts';
import type { LiveSite } from '../../site/live-site.ts';

export function staticFirst(site: LiveSite, files: PreparedFiles, next: RequestListener): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    const method = req.method;
    const url = req.url ?? '';
    // percent-encoded and absolute-form targets take the app's path rules (RFC 9112 §3.2)
    if (method === undefined || url.charCodeAt(0) !== 47 || url.includes('%')) return next(req, res);
    const query = url.indexOf('?');
    const rep = files(site.current(), method, query < 0 ? url : url.slice(0, query));
    if (!rep) return next(req, res);
    if (unchanged(rep, req.headers['if-none-match'], req.headers['if-modified-since'])) {
      res.writeHead(304, rep.notModifiedHeaders).end();
      return;
    }
    res.writeHead(200, rep.headers);
    if (method === 'HEAD') res.end();
    else if (!Array.isArray(rep.body)) res.end(rep.body);
    else {
      for (const part of rep.body as readonly Uint8Array[]) res.write(part);
      res.end();
    }
  };
}
