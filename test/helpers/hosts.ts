// The hosts' tools as only the tests and benchmarks run them: `wrangler dev` on a folder of its own,
// and what a tool reported about the files it read.
import { join } from 'node:path';
import { freePort, type RunningHost, startTool } from '../../scripts/run/host-emulators.ts';
import { toolBin } from '../../scripts/run/processes.ts';

/** `wrangler dev` on a folder holding a `wrangler.json` (the bench's empty Worker, the floor of wrangler dev itself). */
export async function startWranglerDev(dir: string, port?: number): Promise<RunningHost> {
  port ??= await freePort();
  const inspector = await freePort();
  const args = [toolBin('wrangler', 'bin/wrangler.js'), 'dev', '--config', join(dir, 'wrangler.json')];
  args.push('--ip', '127.0.0.1', '--port', String(port), '--inspector-port', String(inspector), '--show-interactive-dev-session=false');
  return startTool(args, /Ready on http:\/\/127\.0\.0\.1:\d+/, `http://127.0.0.1:${port}`, { WRANGLER_SEND_METRICS: 'false', NO_COLOR: '1', FORCE_COLOR: '0' });
}

/** Lines in which a host's tool reported a problem with the files it read. */
export function hostWarnings(log: string): string[] {
  return log
    .split('\n')
    .filter((line) => /warn|invalid|error|skipping|maximum/i.test(line))
    .filter((line) => !/Request\.cf|ENOTFOUND|onlookupall|workers\.cloudflare\.com/.test(line));
}
