// The repository's files that esbuild reads for the build's bundles (the Worker, the Pages worker,
// the MCP App): they ship as TypeScript beside their compiled JavaScript where Node runs them too,
// because esbuild picks the minified names from the text it reads (src/package/entries.ts).
import { build } from 'esbuild';
import { BUNDLES, bundleSource } from '../src/package/entries.ts';

export async function bundledSources(root: string): Promise<string[]> {
  const files = new Set<string>();
  for (const bundle of Object.values(BUNDLES)) {
    const result = await build({
      absWorkingDir: root,
      entryPoints: [bundleSource(bundle)],
      bundle: true,
      write: false,
      metafile: true,
      format: 'esm',
      platform: 'browser',
      conditions: ['workerd', 'worker', 'browser'],
      external: ['cloudflare:*'],
      logLevel: 'silent',
    });
    for (const input of Object.keys(result.metafile.inputs)) if (!input.startsWith('node_modules/')) files.add(input);
  }
  return [...files].sort();
}
