// subscriptions/listen (MCP 2026-07-28, server/subscriptions): one long-lived SSE response
// per listen request. The first event acknowledges what the server will send; then
// notifications/resources/updated for the subscribed resources a publish changes. Every
// notification carries the listen request's id as its subscriptionId.
import { MCP_SERVER_INFO } from '../../src/core/openapi/mcp.ts';
import { INTERNAL_ERROR, INVALID_PARAMS, META_SERVER_INFO, META_SUBSCRIPTION_ID } from './protocol.ts';
import { isObject, type RequestId, rpcErrorResponse, sseEvent } from './rpc.ts';
import { MAX_SUBSCRIPTIONS, type ResourceWatch } from './watch.ts';

/** A comment line now and then keeps proxies from closing a quiet stream. */
const KEEPALIVE_MS = 25_000;

export interface ListenStreams {
  /** A stream for `client` (the caller's address, for a runtime that limits per address). */
  open(id: RequestId, filter: unknown, signal: AbortSignal, client: string): Response | Promise<Response>;
  readonly size: number;
  /** Ends every stream with its closing result (server shutdown). */
  closeAll(): void;
}

export function listenStreams(watch: ResourceWatch, maxStreams: number): ListenStreams {
  const open = new Set<(graceful: boolean) => void>();
  const encoder = new TextEncoder();

  return {
    get size() {
      return open.size;
    },
    closeAll() {
      for (const end of [...open]) end(true);
    },
    open(id, filter, signal) {
      if (!isObject(filter)) return rpcErrorResponse(200, id, INVALID_PARAMS, "Invalid params: 'notifications' must be an object (SubscriptionFilter)");
      const requested = filter.resourceSubscriptions;
      if (requested !== undefined && !(Array.isArray(requested) && requested.every((u) => typeof u === 'string'))) {
        return rpcErrorResponse(200, id, INVALID_PARAMS, 'Invalid params: notifications.resourceSubscriptions must be an array of URIs');
      }
      if (requested && requested.length > MAX_SUBSCRIPTIONS)
        return rpcErrorResponse(200, id, INVALID_PARAMS, `Invalid params: at most ${MAX_SUBSCRIPTIONS} resourceSubscriptions per stream`);
      if (open.size >= maxStreams) return rpcErrorResponse(200, id, INTERNAL_ERROR, 'Too many open subscriptions; try again later');
      // Only resource updates exist here: the tool, prompt and resource lists never change while the server runs.
      const uris = new Set((requested ?? []).filter((uri) => watch.watchable(uri)));
      const honored = requested === undefined ? {} : { resourceSubscriptions: [...uris] };
      const stamp = { [META_SUBSCRIPTION_ID]: id };

      let controller!: ReadableStreamDefaultController<Uint8Array>;
      let ended = false;
      let timer: ReturnType<typeof setInterval> | undefined;
      let unwatch = () => {};
      const write = (text: string) => {
        if (!ended) controller.enqueue(encoder.encode(text));
      };
      const end = (graceful: boolean) => {
        if (ended) return;
        if (graceful) write(sseEvent({ jsonrpc: '2.0', id, result: { resultType: 'complete', _meta: { ...stamp, [META_SERVER_INFO]: MCP_SERVER_INFO } } }));
        ended = true;
        open.delete(end);
        unwatch();
        clearInterval(timer);
        signal.removeEventListener('abort', onAbort);
        try {
          controller.close();
        } catch {
          // already closed by the client
        }
      };
      const onAbort = () => end(false);

      const body = new ReadableStream<Uint8Array>({
        start(c) {
          controller = c;
          write(sseEvent({ jsonrpc: '2.0', method: 'notifications/subscriptions/acknowledged', params: { notifications: honored, _meta: stamp } }));
          if (uris.size) {
            unwatch = watch.add({
              uris,
              updated: (uri) => write(sseEvent({ jsonrpc: '2.0', method: 'notifications/resources/updated', params: { uri, _meta: stamp } })),
            });
          }
          timer = setInterval(() => write(': keepalive\n\n'), KEEPALIVE_MS);
          timer.unref?.();
          open.add(end);
        },
        cancel: () => end(false),
      });
      if (signal.aborted) end(false);
      else signal.addEventListener('abort', onAbort, { once: true });
      return new Response(body, {
        status: 200,
        headers: { 'content-type': 'text/event-stream', 'cache-control': 'no-cache, no-transform', 'x-accel-buffering': 'no' },
      });
    },
  };
}
