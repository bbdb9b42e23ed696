// The app's side of the MCP Apps protocol (SEP-1865, stable 2026-01-26, "Communication
// Protocol"): JSON-RPC 2.0 over postMessage with the host, which is the parent window.
// The official App class does the same, but with its dependencies it weighs about 130 KB
// gzipped against this file's 1 KB (docs/mcp.md, "What the app weighs"); the messages are few.

/** The MCP Apps revision this app speaks (ui/initialize). */
export const APPS_PROTOCOL_VERSION = '2026-01-26';

type Params = Record<string, unknown>;

export interface HostContext {
  theme?: 'light' | 'dark';
  locale?: string;
  styles?: { variables?: Record<string, string | undefined> };
  containerDimensions?: { maxHeight?: number; height?: number };
}

export interface Bridge {
  /** A request to the host (ui/*, tools/call), answered by its result or rejected with its error. */
  request<T = Params>(method: string, params: Params): Promise<T>;
  notify(method: string, params?: Params): void;
  /** What to do with a notification from the host. */
  on(method: string, handler: (params: Params) => void): void;
}

export function connect(appInfo: { name: string; version: string }): { bridge: Bridge; ready: Promise<HostContext> } {
  const host = window.parent;
  let next = 1;
  const pending = new Map<number, { resolve: (r: never) => void; reject: (e: Error) => void }>();
  const handlers = new Map<string, (params: Params) => void>();
  const send = (message: Params) => host.postMessage({ jsonrpc: '2.0', ...message }, '*');

  window.addEventListener('message', (event) => {
    if (event.source !== host) return;
    const m = event.data as { id?: number | string; method?: string; params?: Params; result?: never; error?: { message?: string } } | null;
    if (!m || typeof m !== 'object') return;
    if (m.method === undefined) {
      const waiting = typeof m.id === 'number' ? pending.get(m.id) : undefined;
      if (!waiting) return;
      pending.delete(m.id as number);
      if (m.error) waiting.reject(new Error(m.error.message ?? 'error'));
      else waiting.resolve(m.result as never);
    } else if (m.id !== undefined) {
      // ping and ui/resource-teardown: this app keeps nothing to save
      send({ id: m.id, result: {} });
    } else {
      handlers.get(m.method)?.(m.params ?? {});
    }
  });

  const bridge: Bridge = {
    request: (method, params) =>
      new Promise((resolve, reject) => {
        const id = next++;
        pending.set(id, { resolve: resolve as (r: never) => void, reject });
        send({ id, method, params });
      }),
    notify: (method, params = {}) => send({ method, params }),
    on: (method, handler) => void handlers.set(method, handler),
  };

  const ready = bridge
    .request<{ hostContext?: HostContext }>('ui/initialize', {
      appInfo,
      appCapabilities: { availableDisplayModes: ['inline'] },
      protocolVersion: APPS_PROTOCOL_VERSION,
    })
    .then((result) => {
      bridge.notify('ui/notifications/initialized');
      return result.hostContext ?? {};
    });
  return { bridge, ready };
}

/** Tells the host the document's height whenever it changes ("ui/notifications/size-changed"). */
export function reportSize(bridge: Bridge): void {
  let width = 0;
  let height = 0;
  let queued = false;
  const measure = () => {
    if (queued) return;
    queued = true;
    requestAnimationFrame(() => {
      queued = false;
      const root = document.documentElement;
      const was = root.style.height;
      root.style.height = 'max-content';
      const h = Math.ceil(root.getBoundingClientRect().height);
      root.style.height = was;
      const w = Math.ceil(window.innerWidth);
      if (w === width && h === height) return;
      width = w;
      height = h;
      bridge.notify('ui/notifications/size-changed', { width: w, height: h });
    });
  };
  const observer = new ResizeObserver(measure);
  observer.observe(document.documentElement);
  observer.observe(document.body);
  measure();
}
