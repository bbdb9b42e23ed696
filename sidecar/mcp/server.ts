import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, ListToolsRequestSchema, McpError, SubscribeRequestSchema, UnsubscribeRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import type { JsonSchemaValidator, jsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/types.js';
import { ENGLISH } from '../../src/core/i18n/locale.ts';
import { MCP_SERVER_INFO } from '../../src/core/openapi/mcp.ts';
import { verificationSentences } from '../../src/core/site/verification.ts';
import type { LiveSite } from '../site/live-site.ts';
import { businessOf } from '../site/search-index.ts';
import { perBuild, type SiteSnapshot } from '../site/snapshot.ts';
import { aggregateRatingOf, evidenceCountsOf } from './build-data.ts';
import { MAX_TOOL_INPUT_ELEMENTS } from './calls.ts';
import { toolDescriptions } from './catalog.ts';
import { SERVER_CAPABILITIES } from './protocol.ts';
import { registerResources } from './resources.ts';
import { TOOLS } from './tools/index.ts';
import { MAX_SUBSCRIPTIONS, type ResourceWatch } from './watch.ts';

/**
 * The SDK validates elicitation answers with a JSON Schema validator and builds an Ajv
 * instance per server unless given one. This server never elicits, so it gets a validator
 * that refuses everything, instead of paying an Ajv per session.
 */
const NO_ELICITATION: jsonSchemaValidator = {
  getValidator<T>(): JsonSchemaValidator<T> {
    return () => ({ valid: false, data: undefined, errorMessage: 'this server sends no requests that need schema validation' });
  },
};

/**
 * resources/subscribe and resources/unsubscribe for a 2025 session: a publish that changes a
 * subscribed resource sends notifications/resources/updated on the session's GET stream. The
 * session holds nothing until it subscribes, and lets go of its subscriptions when it closes.
 */
function registerSubscriptions(server: McpServer, watch: ResourceWatch): void {
  const uris = new Set<string>();
  let unwatch: (() => void) | undefined;
  const updated = (uri: string) => void server.server.sendResourceUpdated({ uri }).catch(() => {});
  // Any URI is accepted, as the 2025 revisions expect; only the datasets and reviews ever change.
  server.server.setRequestHandler(SubscribeRequestSchema, ({ params: { uri } }) => {
    if (!uris.has(uri) && uris.size >= MAX_SUBSCRIPTIONS) throw new McpError(ErrorCode.InvalidParams, `At most ${MAX_SUBSCRIPTIONS} subscriptions per session`);
    uris.add(uri);
    unwatch ??= watch.add({ uris, updated });
    return {};
  });
  server.server.setRequestHandler(UnsubscribeRequestSchema, ({ params: { uri } }) => {
    uris.delete(uri);
    if (uris.size === 0) {
      unwatch?.();
      unwatch = undefined;
    }
    return {};
  });
  const onclose = server.server.onclose;
  server.server.onclose = () => {
    unwatch?.();
    onclose?.();
  };
}

/** What the server tells the model about itself, on both eras (initialize and server/discover). */
export function serverInstructions(snapshot: SiteSnapshot): string {
  return snapshot.derive(INSTRUCTIONS);
}

// From the index's names and ratings, never snapshot.data: parsing /reviews.json is far over a Worker's 10 ms.
const INSTRUCTIONS = perBuild('MCP instructions', (s): string => {
  const business = businessOf(s);
  const aggregate_rating = aggregateRatingOf(s);
  const rating = aggregate_rating.rating_value === null ? 'no rating yet' : `rated ${aggregate_rating.rating_value} of 5`;
  return [
    `Read-only access to the ${aggregate_rating.review_count} published reviews of ${business.name} (${rating}).`,
    ...verificationSentences(evidenceCountsOf(s), ENGLISH),
    'Each review says why its author counts as a customer in `evidence` (a matched job, the platform, the owner), or has none;',
    'search_reviews takes verified=true or false.',
    'Start with get_business for the services and technicians, get_insights for sentiment, topics and summaries,',
    'search_reviews to find reviews by text, stars, dates, technician or service, get_reviews_since for what is new,',
    'and get_review to re-read one review. Large results are paged: call again with offset = next_offset.',
    'The data changes only when a new build is published; subscribe to a resource to hear when it changes.',
  ].join(' ');
});

/** What the MCP tools and resources read: the published builds, nothing else. */
export interface McpDeps {
  site: LiveSite;
  /** Change notifications for resources/subscribe and subscriptions/listen. */
  watch: ResourceWatch;
}

/**
 * A new MCP server with every tool and resource, for exactly one session: an McpServer is
 * bound to one transport and must never be shared between sessions.
 */
export function createMcpServer(deps: McpDeps): McpServer {
  const server = new McpServer(MCP_SERVER_INFO, {
    capabilities: SERVER_CAPABILITIES,
    instructions: serverInstructions(deps.site.current()),
    jsonSchemaValidator: NO_ELICITATION,
    maxToolInputElements: MAX_TOOL_INPUT_ELEMENTS,
  });
  for (const tool of TOOLS) {
    server.registerTool(tool.name, tool.config, (args: unknown) => tool.run(deps.site.current(), args));
  }
  // Both eras list the same compact schemas (compact-schema.ts); the SDK still validates with the zod ones.
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: toolDescriptions() }));
  registerResources(server, deps.site);
  registerSubscriptions(server, deps.watch);
  return server;
}
