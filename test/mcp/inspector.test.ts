// The MCP Inspector's command-line mode (the devDependency's own bin, run with the pinned
// Node) against the real sidecar: tools/list, then tools/call, the way a developer checks a server.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE, ROOT, tempDir } from '../helpers/paths.ts';
import { type McpTestServer, startMcpServer } from '../helpers/mcp.ts';

const INSPECTOR = join(ROOT, 'node_modules', '@modelcontextprotocol', 'inspector', 'clients', 'launcher', 'build', 'index.js');

let mcp: McpTestServer;
let home: string;
beforeAll(async () => {
  mcp = await startMcpServer();
  home = tempDir('inspector-home'); // the Inspector keeps a catalog under $HOME
});
afterAll(() => mcp?.server.stop());

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function inspector(...args: string[]): Promise<Run> {
  const child = spawn(NODE, [INSPECTOR, '--cli', mcp.mcpUrl, '--transport', 'http', ...args], {
    cwd: home,
    env: { ...process.env, HOME: home },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c: Buffer) => {
    stdout += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    stderr += c.toString();
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, stdout, stderr })));
}

describe('MCP Inspector CLI', () => {
  it('tools/list shows the five tools, with no schema portability problems', async () => {
    const run = await inspector('--method', 'tools/list', '--strict');
    expect(run.code, run.stderr).toBe(0);
    const { tools } = JSON.parse(run.stdout) as { tools: { name: string; annotations: { readOnlyHint: boolean } }[] };
    expect(tools.map((t) => t.name)).toEqual(['get_business', 'search_reviews', 'get_review', 'get_reviews_since', 'get_insights']);
    expect(tools.every((t) => t.annotations.readOnlyHint)).toBe(true);
    expect(run.stderr).not.toMatch(/Warning|Error/);
  });

  it('tools/call search_reviews returns structured results', async () => {
    const run = await inspector('--method', 'tools/call', '--tool-name', 'search_reviews', '--tool-arg', 'rating=5', '--tool-arg', 'limit=3');
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { structuredContent: { count: number; limit: number; reviews: { rating: number }[] } };
    expect(result.structuredContent).toMatchObject({ count: 3, limit: 3 });
    expect(result.structuredContent.reviews.every((r) => r.rating === 5)).toBe(true);
  });

  it('tools/call with invalid arguments shows the isError result', async () => {
    const run = await inspector('--method', 'tools/call', '--tool-name', 'search_reviews', '--tool-arg', 'rating=9');
    expect(run.code).not.toBe(0);
    const result = JSON.parse(run.stdout) as { isError: boolean; content: { text: string }[] };
    expect(result.isError).toBe(true);
    expect(result.content[0]?.text).toMatch(/rating/);
  });

  it('resources/read reads a review through the template', async () => {
    const list = await inspector('--method', 'tools/call', '--tool-name', 'get_reviews_since', '--tool-arg', 'date=2000-01-01', '--tool-arg', 'limit=1');
    const id = (JSON.parse(list.stdout) as { structuredContent: { reviews: { id: string }[] } }).structuredContent.reviews[0]?.id as string;
    const run = await inspector('--method', 'resources/read', '--uri', `reviews://review/${id}`);
    expect(run.code, run.stderr).toBe(0);
    const { contents } = JSON.parse(run.stdout) as { contents: { text: string }[] };
    expect(JSON.parse(contents[0]?.text ?? '{}')).toMatchObject({ id });
  });
});
