// The tests' way of running a command to its end (test/helpers/processes.ts `finished`): a command
// that ends without reading its input must not fail the run with an unhandled EPIPE (it did, once,
// in CI's run of zero-to-live.test.ts, with every test passing).
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { finished } from './helpers/processes.ts';

describe('a command run to its end', () => {
  it('reports how a command ended that read none of its input, larger than a pipe holds', async () => {
    const child = spawn('bash', ['-c', 'echo out; echo err >&2; exit 3'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const run = await finished(child, 'x'.repeat(4 * 1024 * 1024));
    expect(run).toMatchObject({ status: 3, signal: null, stdout: 'out\n', stderr: 'err\n' });
    expect(run.out.split('\n').sort()).toEqual(['', 'err', 'out']);
  });

  it('gives a command its input, and ends it so the command sees the end', async () => {
    const run = await finished(spawn('bash', ['-c', 'wc -c'], { stdio: ['pipe', 'pipe', 'pipe'] }), 'twelve bytes');
    expect({ status: run.status, stdout: run.stdout.trim() }).toEqual({ status: 0, stdout: '12' });
  });
});
