// The MCP App's weight and speed: its HTML as resources/read gives it, raw and gzipped (target
// 50 KB gzipped), beside the official App class bundled the same way; and the time to first
// render in the host of the app's test (Chromium, the official AppBridge, the default CSP).
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { type AppHost, openAppHost } from '../../test/helpers/app-host.ts';
import { launchChromium } from '../../test/helpers/chromium.ts';
import { median, ROOT, table } from '../shared/lib.ts';

const KB = 1024;
const APP_URI = 'ui://reviews/app.html';

type Rpc = (method: string, params?: Record<string, unknown>) => Promise<{ bytes: number; result: Record<string, unknown> }>;

async function bundleSize(contents: string): Promise<{ raw: number; gzip: number }> {
  const out = await build({
    stdin: { contents, resolveDir: ROOT, loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'iife',
    write: false,
    logLevel: 'silent',
  });
  const js = out.outputFiles[0]?.contents ?? new Uint8Array();
  return { raw: js.byteLength, gzip: gzipSync(js).byteLength };
}

const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

/** Prints the app's sizes and render times against a running sidecar; false when the size target is missed. */
export async function reportMcpApp(rpc: Rpc, runs = 5): Promise<boolean> {
  const read = await rpc('resources/read', { uri: APP_URI });
  const html = ((read.result.contents as { text: string }[])[0] as { text: string }).text;
  const app = { raw: Buffer.byteLength(html), gzip: gzipSync(html).byteLength };
  const bridge = await bundleSize(
    "import { connect, reportSize } from './src/mcp-app/bridge.ts'; const { bridge } = connect({ name: 'a', version: '1' }); reportSize(bridge);",
  );
  const official = await bundleSize(
    "import { App } from '@modelcontextprotocol/ext-apps'; const app = new App({ name: 'a', version: '1' " +
      '}); app.ontoolresult = (r) => { document.body.dataset.r = String(r); }; void app.connect();',
  );
  const met = app.gzip <= 50 * KB;
  console.log('\nThe MCP App (resources/read, one HTML document with its script, styles and words inline):');
  table([
    { what: 'the app (this build)', raw: kb(app.raw), gzipped: kb(app.gzip), target: '≤ 50 KB gzipped', met: met ? 'yes' : 'NO' },
    { what: 'its bridge to the host (src/mcp-app/bridge.ts, minified)', raw: kb(bridge.raw), gzipped: kb(bridge.gzip), target: '', met: '' },
    { what: 'the official App class instead (ext-apps 2.0.4, minified)', raw: kb(official.raw), gzipped: kb(official.gzip), target: '', met: '' },
  ]);

  const browser = await launchChromium();
  const rows: Record<string, string | number>[] = [];
  try {
    for (const [tool, args] of [
      ['get_business', {}],
      ['search_reviews', {}],
    ] as const) {
      const result = (await rpc('tools/call', { name: tool, arguments: args })).result;
      const mounts: number[] = [];
      const draws: number[] = [];
      for (let i = 0; i < runs; i++) {
        let host: AppHost | undefined;
        try {
          host = await openAppHost(browser, ROOT, async (p) => (await rpc('tools/call', p as Record<string, unknown>)).result);
          const t0 = performance.now();
          await host.mount(html, { theme: 'light', locale: 'en-US' });
          const t1 = performance.now();
          await host.deliver(args, result);
          await host.frame().waitForSelector(tool === 'get_business' ? '#business' : 'article.review');
          const t2 = performance.now();
          mounts.push(t1 - t0);
          draws.push(t2 - t1);
          if (host.problems.length) throw new Error(host.problems.join('; '));
        } finally {
          await host?.close();
        }
      }
      rows.push({
        tool,
        'mount → initialized (ms, median)': median(mounts).toFixed(0),
        'tool result → drawn (ms, median)': median(draws).toFixed(0),
        'first render (ms, median)': median(mounts.map((m, i) => m + (draws[i] as number))).toFixed(0),
        runs,
      });
    }
  } finally {
    await browser.close();
  }
  console.log(
    '\nTime to first render in the host of test/mcp/app.test.ts (the iframe mounted, ' +
      'ui/initialize answered, the tool input and result sent, the card in the DOM):',
  );
  table(rows);
  return met;
}
