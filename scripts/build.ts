import { fileURLToPath } from 'node:url';
import { buildSite } from '../src/build/build-site.ts';
import { explainFsError } from '../src/build/fs-errors.ts';
import { removeLeftovers } from '../src/build/output-dir.ts';
import { ContentError } from '../src/core/content/dataset.ts';
import { readSettings } from '../src/settings/index.ts';
import { watchCron } from '../src/settings/watch.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const started = performance.now();
let outDir = '';
// Stopped with Ctrl-C or a TERM: leave nothing half-written behind (kill -9 cannot be caught;
// the next build removes what it left), then end by the signal itself. process.exit() would run
// the native modules' teardown, which can wait forever while Astro's bundler has work on its
// threads (seen: a futex wait with rolldown's and tokio's threads busy).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (outDir !== '') removeLeftovers(outDir, root, process.pid);
    console.error(`Build stopped (${signal}); its partial output was removed, the previous build (if any) is still in place.`);
    process.removeAllListeners(signal);
    process.kill(process.pid, signal);
  });
}
try {
  const settings = readSettings(process.env);
  outDir = settings.outDir;
  const result = await buildSite(settings, root, new Date(), { watchCron: watchCron(process.env) });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`Built ${result.reviewCount} reviews into ${result.files} files (${(result.bytes / 1e6).toFixed(1)} MB) in ${seconds} s → ${settings.outDir}`);
} catch (err) {
  // A content problem is the author's to fix: show the list, not a stack trace.
  console.error(err instanceof ContentError ? err.message : (explainFsError(err, outDir) ?? err));
  console.error('Build failed; the previous build (if any) is still in place.');
  process.exitCode = 1;
}
