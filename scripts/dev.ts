// npm run dev: Astro's own dev server for the pages, on PORT, for CONTENT_DIR (the sample by
// default), with hot reload while pages, components and styles change. The content is read
// and validated once at start, as the build does; restart to pick up changed content. The
// sidecar's routes (search, MCP, the hub) are not part of it: `npm start` serves everything.
import { fileURLToPath } from 'node:url';
import { dev } from 'astro';
import { brandDevFiles } from '../src/build/brand-dev.ts';
import { prepareBuildContext } from '../src/build/build-site.ts';
import { compiledSources } from '../src/build/compiled-sources.ts';
import { contextModule } from '../src/build/context-module.ts';
import { ContentError } from '../src/core/content/dataset.ts';
import { readSettings } from '../src/settings/index.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
try {
  const settings = readSettings(process.env);
  const site = `http://${settings.host}:${settings.port}`;
  const context = prepareBuildContext({ ...settings, siteUrl: site });
  await dev({
    root,
    site,
    server: { host: settings.host, port: settings.port },
    logLevel: 'info',
    vite: { plugins: [compiledSources(), contextModule(context), brandDevFiles(settings.contentDir, context.brand, context.dataset.business.brand)] },
  });
} catch (err) {
  console.error(err instanceof ContentError ? err.message : err);
  process.exitCode = 1;
}
