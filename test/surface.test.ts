// The public surface table against what the build and the sidecar actually serve: every row
// is answered as the table says, and the OpenAPI document describes the rows it names.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURFACE, SURFACE_ROWS } from '../src/core/http/surface.ts';
import { type BuiltApp, buildApp } from './helpers/app.ts';
import { SMALL_CONTENT } from './helpers/paths.ts';

let built: BuiltApp;
beforeAll(async () => {
  built = await buildApp(SMALL_CONTENT);
});
afterAll(() => built.site.close());

const concrete = (path: string) => path.replace('{date}', '2024-01-01');
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'];

describe('the public surface table', () => {
  it.each(SURFACE_ROWS.filter((r) => r.servedBy === 'file').map((r) => [r.path, r]))('%s is a built file with its media type', (path, row) => {
    const manifest = JSON.parse(readFileSync(join(built.outDir, 'manifest.json'), 'utf8')) as { resources: Record<string, { content_type: string }> };
    expect(manifest.resources[path]?.content_type).toBe(row.type);
  });

  it.each(SURFACE_ROWS.map((r) => [r.path, r]))('%s answers only its methods; the others are 405 with Allow', async (path, row) => {
    for (const method of METHODS.filter((m) => !row.methods.includes(m))) {
      const res = await built.app.request(concrete(path), { method });
      expect(res.status, `${method} ${path}`).toBe(405);
      expect(res.headers.get('allow')).toBe(row.methods.join(', '));
    }
    // the MCP paths are mounted with the MCP module, which this in-process app leaves out (test/mcp covers them)
    if (row.methods.includes('GET') && row !== SURFACE.mcp && row !== SURFACE.mcpServerCard) {
      const res = await built.app.request(concrete(path));
      expect(res.status, `GET ${path}`).toBe(200);
      expect(res.headers.get('content-type')).toBe(row.type);
    }
  });

  it('gives the OpenAPI document its paths and operation ids', async () => {
    const doc = (await (await built.app.request('/openapi.json')).json()) as { paths: Record<string, Record<string, { operationId: string }>> };
    for (const row of SURFACE_ROWS.filter((r) => r.operationId)) {
      const operations = Object.values(doc.paths[row.path] ?? {}).map((o) => o.operationId);
      expect(operations, row.path).toContain(row.operationId);
    }
  });
});
