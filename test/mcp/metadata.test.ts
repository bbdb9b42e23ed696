// How agents find the MCP server before connecting: the registry's server.json in the build,
// the (experimental) server card, and OAuth discovery URLs that must say 404 (no auth here).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { description } from '../../src/core/site/mcp-metadata.ts';
import { type McpTestServer, SITE_URL, startMcpServer } from '../helpers/mcp.ts';

let mcp: McpTestServer;
beforeAll(async () => {
  mcp = await startMcpServer();
});
afterAll(() => mcp?.server.stop());

describe('MCP metadata', () => {
  it('the build emits a registry server.json (schema 2025-12-11) with one streamable-http remote', async () => {
    const res = await fetch(`${mcp.server.url}/server.json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const json = (await res.json()) as Record<string, unknown>;
    expect(json).toMatchObject({
      $schema: 'https://static.modelcontextprotocol.io/schemas/2025-12-11/server.schema.json',
      name: 'example.reviews/reviews',
      version: '1.0.0',
      remotes: [{ type: 'streamable-http', url: `${SITE_URL}/mcp` }],
    });
    expect(json.name).toMatch(/^[a-zA-Z0-9.-]+\/[a-zA-Z0-9._-]+$/);
    expect(String(json.description).length).toBeLessThanOrEqual(100);
    expect(json.description).toContain('reviews');
  });

  it('describes the server in at most 100 characters, never cutting a word', () => {
    for (const name of [
      'Brightwater Home Services',
      'Sanitär- und Heizungstechnik Müller & Söhne GmbH Solingen-Ohligs',
      'A'.repeat(120),
      'Über '.repeat(30).trim(),
    ]) {
      const text = description(name);
      expect(text.length, name).toBeLessThanOrEqual(100);
      const whole = new Set(`Verified Customer customer reviews of ${name} with search and sentiment insights (read-only)`.split(' '));
      for (const w of text.replace(/…$/u, '').split(' ')) expect(whole.has(w.replace(/[,.]$/u, '')), `${w} in "${text}"`).toBe(true);
    }
    expect(description('Brightwater Home Services')).toBe('Verified customer reviews of Brightwater Home Services, with search and insights.');
  });

  it('serves a server card at /mcp/server-card naming both eras', async () => {
    const res = await fetch(`${mcp.server.url}/mcp/server-card`);
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(await res.json()).toMatchObject({
      name: 'example.reviews/reviews',
      remotes: [
        { type: 'streamable-http', url: `${SITE_URL}/mcp`, supportedProtocolVersions: ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] },
      ],
    });
    const head = await fetch(`${mcp.server.url}/mcp/server-card`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect((await fetch(`${mcp.server.url}/mcp/server-card`, { method: 'POST' })).status).toBe(405);
  });

  it('OAuth discovery URLs answer 404 as JSON, never a page (this server needs no authorization)', async () => {
    for (const path of ['/.well-known/oauth-protected-resource', '/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-authorization-server']) {
      const res = await fetch(`${mcp.server.url}${path}`);
      expect({ path, status: res.status }).toEqual({ path, status: 404 });
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(await res.json()).toMatchObject({ error: 'not_found' });
    }
  });
});
