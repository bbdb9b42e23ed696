// npm run preview:pages | preview:netlify (preview:pages: the old name of preview:pages): the built deploy folder under the host's own
// local tool (wrangler pages dev, netlify dev), in front of a local sidecar, at one origin:
// what a CDN deploy will do, tried before deploying. The build, the sidecar's database and
// the tools' own state all go to a temporary folder; nothing in the repository changes.
import { join, resolve } from 'node:path';
import { ENTRIES, entryFile } from '../src/package/entries.ts';
import { readSettings } from '../src/settings/index.ts';
import { freePort, type RunningHost, startNetlify, startWrangler } from './run/host-emulators.ts';
import { buildOrThrow, type RunningProcess, startListening, tempDir } from './run/processes.ts';

const HOSTS = { pages: 'Cloudflare Pages (wrangler pages dev)', netlify: 'Netlify (netlify dev --offline)' } as const;
type Host = keyof typeof HOSTS;

// `cloudflare`: the name of `pages` before 1.1, kept for one release
const host = (process.argv[2] === 'cloudflare' ? 'pages' : process.argv[2]) as Host;
if (!(host in HOSTS)) {
  console.error(`usage: node scripts/preview.ts <${Object.keys(HOSTS).join('|')}>`);
  process.exit(2);
}

const settings = readSettings(process.env);
const origin = (port: number) => `http://127.0.0.1:${port}`;
const port = settings.port === 0 ? await freePort() : settings.port;
// wrangler listens on the address it is given; netlify dev answers at localhost
const siteUrl = host === 'pages' ? origin(port) : `http://localhost:${port}`;
const sidecarPort = await freePort();
const dir = tempDir(`preview-${host}`);
const outDir = join(dir, 'dist');

console.error(`preview: building ${settings.contentDir} for ${siteUrl}, with the sidecar at ${origin(sidecarPort)} …`);
// Netlify reads the sidecar's address from _redirects, written at build time.
buildOrThrow({ CONTENT_DIR: resolve(settings.contentDir), OUT_DIR: outDir, SITE_URL: siteUrl, SIDECAR_URL: origin(sidecarPort) });

const running: (RunningHost | RunningProcess)[] = [];
async function stop(code: number) {
  await Promise.allSettled(running.map((r) => r.stop()));
  process.exit(code);
}
process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

try {
  running.push(
    await startListening(
      [entryFile(ENTRIES.serve)],
      { OUT_DIR: outDir, PORT: String(sidecarPort), SITE_URL: siteUrl, HUB_DB: join(dir, 'hub.sqlite') },
      { echo: true },
    ),
  );
  const deployDir = join(outDir, 'deploy', host);
  const tool = host === 'pages' ? await startWrangler(deployDir, { SIDECAR_URL: origin(sidecarPort) }, port) : await startNetlify(deployDir, port);
  running.push(tool);
  // Tests and scripts read this line to learn that the preview is up.
  console.log(`Preview of ${HOSTS[host]} on ${siteUrl} (sidecar on ${origin(sidecarPort)}); Ctrl-C stops both`);
} catch (err) {
  console.error(`preview: ${(err as Error).message}`);
  await stop(1);
}
