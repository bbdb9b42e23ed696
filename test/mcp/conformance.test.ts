// The official MCP conformance suite (server mode) against the real sidecar. Scenarios that
// need the suite's own reference tools, prompts and resources are expected failures, listed
// with their reasons in conformance-expected-failures.yml; the runner exits non-zero on any
// other failure and on an expected failure that starts passing.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE, ROOT, tempDir } from '../helpers/paths.ts';
import { type McpTestServer, startMcpServer } from './helpers.ts';

const CONFORMANCE = join(ROOT, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');
const EXPECTED_FAILURES = join(ROOT, 'test', 'mcp', 'conformance-expected-failures.yml');

/** The scenarios that apply to this server; each must pass every check. */
const MUST_PASS = [
  'server-initialize',
  'server-session-lifecycle',
  'ping',
  'tools-list',
  'resources-list',
  'dns-rebinding-protection',
  'server-sse-multiple-streams',
  'tools-call-error',
];

let mcp: McpTestServer;
beforeAll(async () => {
  mcp = await startMcpServer();
});
afterAll(() => mcp?.server.stop());

function conformance(...args: string[]): Promise<{ code: number | null; output: string }> {
  const dir = tempDir('conformance');
  const child = spawn(NODE, [CONFORMANCE, 'server', '--url', mcp.mcpUrl, '-o', join(dir, 'results'), ...args], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr.on('data', (c: Buffer) => {
    output += c.toString();
  });
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

/** scenario -> [passed, failed], from the runner's summary lines. */
function summary(output: string): Map<string, [number, number]> {
  const rows = new Map<string, [number, number]>();
  for (const m of output.matchAll(/^[✓✗] (\S+): (\d+) passed, (\d+) failed/gmu)) rows.set(m[1] as string, [Number(m[2]), Number(m[3])]);
  return rows;
}

describe('MCP conformance suite', () => {
  it('passes every scenario that applies (spec 2025-11-25); the rest are the listed expected failures', async () => {
    const run = await conformance('--spec-version', '2025-11-25', '--expected-failures', EXPECTED_FAILURES);
    expect(run.code, run.output).toBe(0);
    const rows = summary(run.output);
    for (const name of MUST_PASS) {
      const [passed, failed] = rows.get(name) ?? [0, -1];
      expect({ name, failed }, run.output).toEqual({ name, failed: 0 });
      expect(passed).toBeGreaterThan(0);
    }
  });

  it('passes the session lifecycle scenario filtered to spec 2025-06-18', async () => {
    const run = await conformance('--spec-version', '2025-06-18', '--scenario', 'server-session-lifecycle');
    expect(run.code, run.output).toBe(0);
    expect(run.output).toMatch(/Passed: (\d+)\/\1, 0 failed/);
  });
});
