import { createServer as createNodeServer, type RequestListener, type ServerOptions } from 'node:http';
import { serve } from '@hono/node-server';
import { ENTRIES, entryFile } from '../../../src/package/entries.ts';
import { readSettings } from '../../../src/settings/index.ts';
import { readSyncSchedule } from '../../../src/settings/sync.ts';
import { createApp } from '../../app.ts';
import { topicContents } from '../../hub/topics.ts';
import { mcpRoutes, mcpSettingsOf } from '../../mcp/routes.ts';
import { preparedFiles } from '../../routes/static.ts';
import { searchIndexOf } from '../../site/search-index.ts';
import { nodeClientAddress } from './client-address.ts';
import { createHub, readHubSettings } from './hub/index.ts';
import { liveSite } from './live-site.ts';
import { modernCallFirst } from './mcp/call-first.ts';
import { nodeSha256 } from './sha256.ts';
import { staticFirst } from './static-first.ts';
import { type SyncScheduler, startSyncScheduler } from './sync-scheduler.ts';

const log = (msg: string) => console.error(msg);
const settings = readSettings(process.env);
const site = liveSite(settings.outDir, settings.reloadIntervalMs, log);
const builtFor = site.current().manifest.site_url;
if (builtFor !== settings.siteUrl) log(`warning: the build was made for ${builtFor}, but SITE_URL is ${settings.siteUrl}`);

const hub = createHub({
  settings: readHubSettings(process.env),
  urls: site.current().urls,
  topics: async () => topicContents(site.current()),
  // a publish ping first picks up a build swapped in since the last check
  onPublished: () => void site.refresh(),
  peer: nodeClientAddress,
  log,
});
const checkTopics = () =>
  hub.checkTopics().then(
    ({ changed }) => changed.length && log(`hub: notifying subscribers of ${changed.join(', ')}`),
    (err: Error) => log(`hub: topic check failed: ${err.message}`),
  );
site.onSwap(() => void checkTopics());
// Build the search index now rather than on the first request after a publish.
searchIndexOf(site.current());
site.onSwap((snapshot) => void searchIndexOf(snapshot));

const mcpSettings = mcpSettingsOf(settings);
const mcp = mcpRoutes({ site, settings: mcpSettings, clientAddress: nodeClientAddress, log });
/** The MCP tool results each build keeps, shared by the app's routes and the node:http fast path. */
const mcpResults = { entries: mcpSettings.resultCacheEntries, bytes: mcpSettings.resultCacheBytes };

// Built files are answered at the node:http level first (runtime/node/static-first.ts) and by the app, from one cache.
const files = preparedFiles({ maxAgeS: settings.cacheMaxAgeS, cacheBytes: settings.staticCacheBytes });
const app = createApp({
  site,
  hub,
  mcp,
  files,
  sha256: nodeSha256,
  config: {
    cacheMaxAgeS: settings.cacheMaxAgeS,
    searchCacheEntries: settings.searchCacheEntries,
    responseCacheBytes: settings.responseCacheBytes,
    staticCacheBytes: settings.staticCacheBytes,
  },
});

const syncSchedule = readSyncSchedule(process.env);
let scheduler: SyncScheduler | undefined;

const createServer = ((options: ServerOptions, listener: RequestListener) => {
  // the stateless MCP tools/call too (runtime/node/mcp/call-first.ts), from the same result cache as the app's
  const mcpCall = modernCallFirst({ site, cache: mcpResults, maxBodyBytes: settings.mcpMaxBodyBytes }, listener);
  const server = createNodeServer(options, staticFirst(site, files, mcpCall));
  server.keepAliveTimeout = settings.keepAliveS * 1000;
  return server;
}) as unknown as typeof createNodeServer;
const server = serve({ fetch: app.fetch, hostname: settings.host, port: settings.port, createServer }, async (info) => {
  hub.start();
  await checkTopics();
  if (syncSchedule.intervalS > 0) {
    // The pass pings this very hub when it listens on a loopback or every address; else SIDECAR_URL as set.
    const own = ['0.0.0.0', '::', '127.0.0.1', '::1'].includes(info.address)
      ? `http://${info.address === '::1' ? '[::1]' : '127.0.0.1'}:${info.port}`
      : undefined;
    scheduler = startSyncScheduler({
      intervalS: syncSchedule.intervalS,
      niceness: syncSchedule.niceness,
      firstDelayMs: 2000,
      command: process.execPath,
      args: [entryFile(ENTRIES.sync)],
      env: { ...process.env, ...(own ? { SIDECAR_URL: own } : {}) },
      cwd: process.cwd(),
      log,
    });
  }
  // Tests and scripts read this line to learn the port when PORT=0.
  console.log(
    `Listening on http://${info.address.includes(':') ? `[${info.address}]` : info.address}:${info.port} (build ${site.current().manifest.build_id})`,
  );
});

function shutdown() {
  site.close();
  server.close();
  void Promise.allSettled([hub.close(), mcp.close(), scheduler?.stop()]).finally(() => process.exit(0));
  setTimeout(() => process.exit(0), 6000).unref();
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
