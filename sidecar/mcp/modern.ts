// The stateless 2026-07-28 path: one JSON-RPC request in, one JSON response out (or an SSE
// stream for subscriptions/listen), from the shared tool definitions and the per-build
// cached data. Nothing is kept per client.
import type { IdCompletion } from '../../src/core/search/complete.ts';
import type { LiveSite } from '../site/live-site.ts';
import type { ResultCacheSize } from './calls.ts';
import { RESOURCE_TEMPLATES, resourceDescriptions, toolDescriptions } from './catalog.ts';
import type { RpcMessage } from './classify.ts';
import type { ListenStreams } from './listen.ts';
import { INVALID_PARAMS, METHOD_NOT_FOUND, MODERN_VERSIONS, SERVER_CAPABILITIES } from './protocol.ts';
import { completeReviewIds, DATASETS, REVIEW_TEMPLATE, readResource } from './resources.ts';
import { isObject, resultBytesResponse, resultResponse, rpcErrorResponse } from './rpc.ts';
import { serverInstructions } from './server.ts';
import { toolCallOf, toolCallResult } from './tool-call.ts';

export interface ModernOptions {
  site: LiveSite;
  listen: ListenStreams;
  /** How long a client may reuse a list or resource (ms): the data changes only at publish time. */
  ttlMs: number;
  cache: ResultCacheSize;
}

type Params = Record<string, unknown>;

/** Completion results as SDK 1.32.2 shapes them: at most 100 values, with the total. */
function completion({ values, total }: IdCompletion) {
  return { completion: { values, total, hasMore: total > values.length } };
}

/** Serves one 2026-07-28 request; `signal` is read only by subscriptions/listen (making one costs a little on every request). */
/** `client` is the caller's address, as the runtime's adapter names it. */
export type ModernHandler = (message: RpcMessage, signal: () => AbortSignal, client: string) => Response | Promise<Response>;

export function modernHandler(options: ModernOptions): ModernHandler {
  const { site, listen, ttlMs } = options;
  // ttlMs/cacheScope (SEP-2549): nothing here depends on who asks, and it changes only when a build is published.
  const cache = { ttlMs, cacheScope: 'public' };
  const json = (value: unknown) => JSON.stringify(value);

  return function serve(message, signal, client) {
    const id = message.id as string | number;
    const params: Params = message.params ?? {};
    const invalid = (text: string, data?: unknown) => rpcErrorResponse(200, id, INVALID_PARAMS, `Invalid params: ${text}`, { data });
    switch (message.method) {
      case 'server/discover': {
        const snapshot = site.current();
        return resultResponse(
          id,
          json({ supportedVersions: MODERN_VERSIONS, capabilities: SERVER_CAPABILITIES, instructions: serverInstructions(snapshot), ...cache }),
        );
      }
      case 'tools/list':
        return resultResponse(id, json({ tools: toolDescriptions(), ...cache }));
      case 'tools/call': {
        const call = toolCallOf(id, params);
        if (typeof call === 'string') return invalid(call);
        const result = toolCallResult(site.current(), call, options.cache);
        if (result === undefined) return invalid(`Unknown tool: ${call.name}`, { name: call.name });
        return resultBytesResponse(id, result);
      }
      case 'resources/list':
        return resultResponse(id, json({ resources: resourceDescriptions(site.current()), ...cache }));
      case 'resources/templates/list':
        return resultResponse(id, json({ resourceTemplates: RESOURCE_TEMPLATES, ...cache }));
      case 'resources/read': {
        if (typeof params.uri !== 'string') return invalid('resources/read needs params.uri');
        const result = readResource(site.current(), params.uri);
        // A missing resource is invalid params naming the URI (SEP-2164).
        if (!result) return invalid(`Resource not found: ${params.uri}`, { uri: params.uri });
        return resultResponse(id, json({ ...result, ...cache }));
      }
      case 'completion/complete': {
        const { ref, argument } = params;
        if (!isObject(ref) || !isObject(argument) || typeof argument.name !== 'string' || typeof argument.value !== 'string') {
          return invalid('completion/complete needs ref and argument { name, value }');
        }
        if (ref.type === 'ref/prompt') return invalid(`Prompt ${String(ref.name)} not found`);
        if (ref.type !== 'ref/resource' || typeof ref.uri !== 'string') return invalid('ref must be ref/prompt or ref/resource with a uri');
        const snapshot = site.current();
        if (ref.uri === REVIEW_TEMPLATE) {
          return resultResponse(id, json(completion(argument.name === 'id' ? completeReviewIds(snapshot, argument.value) : { values: [], total: 0 })));
        }
        // a fixed resource has nothing to complete (not an error, as in SDK 1.32.2)
        if (DATASETS.some((d) => d.url(snapshot) === ref.uri)) return resultResponse(id, json({ completion: { values: [], hasMore: false } }));
        return invalid(`Resource template ${ref.uri} not found`);
      }
      case 'subscriptions/listen':
        return listen.open(id, params.notifications, signal(), client);
      default:
        // initialize, ping, logging/setLevel, resources/subscribe and prompts/* do not exist here (HTTP 404).
        return rpcErrorResponse(404, id, METHOD_NOT_FOUND, `Method not found: ${message.method}`);
    }
  };
}
