// A web host of MCP Apps in Chromium, for the app's tests and its benchmark: the official
// AppBridge (@modelcontextprotocol/ext-apps/app-bridge) in a host page, the app's HTML (from
// resources/read) in a sandboxed iframe of another origin under the specification's default
// CSP (SEP-1865, UI Resource Format, Host Behavior), and tools/call from the app answered by
// a real MCP client against the real server.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { build } from 'esbuild';
import type { Browser, Frame, Page } from 'playwright-core';
import { watchEmbedding } from './chromium.ts';

/** The CSP a host MUST apply when the resource declares none (SEP-1865), with the frame, object and base rules a sandbox adds. */
export const DEFAULT_APP_CSP =
  "default-src 'none'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' " +
  "data:; media-src 'self' data:; connect-src 'none'; frame-src 'none'; object-src 'none'; base-uri 'self'";

/** The host page's script: the official bridge, exposed to the page as window.host. */
const HOST_ENTRY = `
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
window.mountApp = async (src, hostContext) => {
  const frame = document.createElement('iframe');
  frame.sandbox = 'allow-scripts';
  frame.title = 'MCP App';
  frame.style.cssText = 'width:100%;height:0;border:0;display:block';
  document.getElementById('apps').append(frame);
  const bridge = new AppBridge(null, { name: 'test-host', version: '1.0.0' }, { openLinks: {}, serverTools: {}, logging: {} }, { hostContext });
  const state = { sizes: [], links: [], calls: [], initialized: false };
  bridge.onsizechange = ({ width, height }) => {
    state.sizes.push({ width, height, at: performance.now() });
    if (height != null) frame.style.height = height + 'px';
  };
  bridge.onopenlink = async ({ url }) => { state.links.push(url); return {}; };
  bridge.oncalltool = async (params) => { state.calls.push(params); return window.hostCallTool(params); };
  bridge.oninitialized = () => { state.initialized = true; };
  await bridge.connect(new PostMessageTransport(frame.contentWindow, frame.contentWindow));
  window.host = { bridge, state, frame };
  frame.src = src;
};
`;

let hostScript: Promise<string> | undefined;

/** The host page's script, bundled once per process. */
function hostBundle(root: string): Promise<string> {
  hostScript ??= build({
    stdin: { contents: HOST_ENTRY, resolveDir: root, loader: 'js' },
    bundle: true,
    format: 'iife',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  }).then((out) => out.outputFiles[0]?.text ?? '');
  return hostScript;
}

export interface AppHost {
  page: Page;
  /** The app's frame, once mounted. */
  frame(): Frame;
  /** Mounts the app's HTML as a host does: sandboxed, another origin, the default CSP; resolves when the app has initialized. */
  mount(html: string, hostContext: Record<string, unknown>): Promise<void>;
  /** What the host saw: size-changed notifications, ui/open-link URLs, tools/call requests. */
  state(): Promise<{ sizes: { width: number; height: number; at: number }[]; links: string[]; calls: { name: string; arguments?: Record<string, unknown> }[] }>;
  /** Sends the tool's input and result as a host does once the tool has run. */
  deliver(args: Record<string, unknown>, result: unknown): Promise<void>;
  /** Resolves once the app has reported no new size for a while and the frame has painted at its size. */
  settle(): Promise<void>;
  /** Page errors, console errors and warnings, CSP violations, in the host or the app. */
  problems: string[];
  close(): Promise<void>;
}

/**
 * A host page at http://localhost:<port>/ and the app's document at http://127.0.0.1:<port>/app
 * (another origin), served with DEFAULT_APP_CSP. `callTool` answers the app's tools/call.
 */
export async function openAppHost(
  browser: Browser,
  root: string,
  callTool: (params: { name: string; arguments?: Record<string, unknown> }) => Promise<unknown>,
): Promise<AppHost> {
  const script = await hostBundle(root);
  let appHtml = '';
  const server: Server = createServer((req, res) => {
    if (req.url === '/')
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(
          '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" ' +
            'href="data:,"><title>Host</title></head><body><main ' +
            `id="apps"></main><script>${script.replace(/<\/script/gi, '<\\/script')}</script></body></html>`,
        );
    else if (req.url === '/app') res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': DEFAULT_APP_CSP }).end(appHtml);
    else res.writeHead(404).end();
  });
  const port = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)));
  const context = await browser.newContext({ viewport: { width: 640, height: 900 } });
  const page = await context.newPage();
  // in every frame, the app's included, before its own scripts
  const problems = await watchEmbedding(page);
  await page.exposeFunction('hostCallTool', callTool);
  await page.goto(`http://localhost:${port}/`);
  const appFrame = () => {
    const frame = page.frames().find((f) => f.url().startsWith(`http://127.0.0.1:${port}/app`));
    if (!frame) throw new Error('the app is not mounted');
    return frame;
  };
  return {
    page,
    problems,
    frame: appFrame,
    async mount(html, hostContext) {
      appHtml = html;
      await page.evaluate(([src, ctx]) => (window as unknown as { mountApp: (s: string, c: unknown) => Promise<void> }).mountApp(src as string, ctx), [
        `http://127.0.0.1:${port}/app`,
        hostContext,
      ] as const);
      await page.waitForFunction(() => (window as unknown as { host?: { state: { initialized: boolean } } }).host?.state.initialized === true);
    },
    state: () => page.evaluate(() => (window as unknown as { host: { state: never } }).host.state),
    async deliver(args, result) {
      await page.evaluate(
        async ([a, r]) => {
          const { bridge } = (
            window as unknown as { host: { bridge: { sendToolInput(p: unknown): Promise<void>; sendToolResult(p: unknown): Promise<void> } } }
          ).host;
          await bridge.sendToolInput({ arguments: a });
          await bridge.sendToolResult(r);
        },
        [args, result] as const,
      );
    },
    async settle() {
      let seen = -1;
      for (;;) {
        const n = (await page.evaluate(() => (window as unknown as { host: { state: { sizes: unknown[] } } }).host.state.sizes.length)) as number;
        if (n === seen) break;
        seen = n;
        await page.waitForTimeout(250);
      }
      await appFrame().evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    },
    async close() {
      await context.close();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
