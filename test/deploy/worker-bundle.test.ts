// The Worker's script carries what a request runs and nothing the build alone runs: a module of
// the insights analyser (its models are 0.4 MB) or of src/build/ fails the build, named; the MCP
// App is a built file, not part of the script.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/run/processes.ts';
import type { WorkerBuild } from '../../sidecar/runtime/cloudflare/bindings.ts';
import { bundleWorker } from '../../src/build/deploy/worker.ts';
import { tempDir } from '../helpers/paths.ts';

const DATA = { manifest: { build_id: 'b', site_url: 'https://reviews.example', since_dates: [], types: [], dates: [], rows: [] } } as unknown as WorkerBuild;

function entry(body: string): string {
  const file = join(tempDir('worker-bundle'), 'entry.ts');
  writeFileSync(file, body);
  return file;
}

describe("the Worker's script", () => {
  it('refuses a module of the insights analyser, naming it', async () => {
    const file = entry(
      `import { CUES } from '${join(ROOT, 'src/core/insights/lexicon.ts')}';\nexport ` +
        'default { fetch: () => new Response(String(Object.keys(CUES).length)) };\n',
    );
    await expect(bundleWorker(DATA, file)).rejects.toThrow(/build-time code: .*src\/core\/insights\/lexicon\.ts/);
  });

  it('refuses a module of the build, naming it', async () => {
    const file = entry(
      `import { WORKERS } from '${join(ROOT, 'src/build/deploy/limits.ts')}';\nexport default { fetch: () => new Response(String(WORKERS.scriptBytes)) };\n`,
    );
    await expect(bundleWorker(DATA, file)).rejects.toThrow(/build-time code: .*src\/build\/deploy\/limits\.ts/);
  });

  it('bundles the real entry, with zod in English only', async () => {
    const script = (await bundleWorker(DATA)).toString('utf8');
    expect(script.length).toBeGreaterThan(100_000);
    // a word of zod's German messages (esbuild writes non-ASCII text escaped)
    expect(script).not.toContain('erwartet');
    // nor the MCP App, a built file the Worker reads from its assets (ui/initialize is its first message to the host)
    expect(script).not.toContain('ui/initialize');
  });
});
