// The floor: a bare node:http server answering one precomputed response (and its 304),
// for comparison with the sidecar in the same benchmark run.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [bodyFile, headersJson] = process.argv.slice(2) as [string, string];
const body = readFileSync(bodyFile);
const headers = JSON.parse(headersJson) as Record<string, string>;
const etag = headers.etag;

const server = createServer((req, res) => {
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, { etag, 'cache-control': headers['cache-control'] ?? '' });
    res.end();
    return;
  }
  res.writeHead(200, { ...headers, 'content-length': body.length });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  console.log(`Listening on http://127.0.0.1:${address.port}`);
});
process.on('SIGTERM', () => process.exit(0));
