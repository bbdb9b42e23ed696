import { fileURLToPath } from 'node:url';
import { buildSite } from '../src/build/build-site.ts';
import { ContentError } from '../src/core/content/dataset.ts';
import { readSettings } from '../src/settings/index.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();
try {
  const settings = readSettings(process.env);
  const result = await buildSite(settings, root);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Built ${result.reviewCount} reviews into ${result.files} files (${(result.bytes / 1e6).toFixed(1)} MB) in ${seconds} s → ${settings.outDir}`);
} catch (err) {
  // A content problem is the author's to fix: show the list, not a stack trace.
  console.error(err instanceof ContentError ? err.message : err);
  console.error('Build failed; the previous build (if any) is still in place.');
  process.exitCode = 1;
}
