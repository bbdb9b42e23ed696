// An npm registry on this machine serving one package, in the registry's published shape
// (https://github.com/npm/registry/blob/main/docs/REGISTRY-API.md): the packument at /NAME and
// each version's tarball. A version given no tarball is listed but its download answers 404, as
// a registry that lost it would. Records the paths asked for.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRegistry {
  url: string;
  requests: string[];
  close(): Promise<void>;
}

export async function startFakeRegistry(name: string, versions: Record<string, string | undefined>): Promise<FakeRegistry> {
  const tarballs = new Map<string, Buffer>();
  for (const [version, file] of Object.entries(versions)) if (file) tarballs.set(`/${name}/-/${name}-${version}.tgz`, readFileSync(file));
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const path = decodeURIComponent(req.url ?? '');
    requests.push(path);
    const tarball = tarballs.get(path);
    if (path === `/${name}`) {
      const listed: Record<string, unknown> = {};
      for (const version of Object.keys(versions)) {
        const bytes = tarballs.get(`/${name}/-/${name}-${version}.tgz`) ?? Buffer.from(version);
        listed[version] = {
          name,
          version,
          dist: {
            tarball: `${registry.url}/${name}/-/${name}-${version}.tgz`,
            integrity: `sha512-${createHash('sha512').update(bytes).digest('base64')}`,
            shasum: createHash('sha1').update(bytes).digest('hex'),
          },
        };
      }
      const latest = Object.keys(versions).at(-1);
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ name, 'dist-tags': { latest }, versions: listed }));
    } else if (tarball) {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': tarball.length });
      res.end(tarball);
    } else {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end('{"error":"Not found"}');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const registry: FakeRegistry = {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  return registry;
}
