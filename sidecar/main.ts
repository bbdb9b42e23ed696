import { serve } from '@hono/node-server';
import { readSettings } from '../src/settings.ts';
import { createApp } from './app.ts';
import { liveSite } from './site/live-site.ts';

const settings = readSettings(process.env);
const site = liveSite(settings.outDir, settings.reloadIntervalMs);
const app = createApp({ site, config: { cacheMaxAgeS: settings.cacheMaxAgeS, searchCacheEntries: settings.searchCacheEntries } });

const server = serve({ fetch: app.fetch, hostname: settings.host, port: settings.port }, (info) => {
  // Tests and scripts read this line to learn the port when PORT=0.
  console.log(`Listening on http://${info.address.includes(':') ? `[${info.address}]` : info.address}:${info.port} (build ${site.current().manifest.build_id})`);
});

function shutdown() {
  site.close();
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
