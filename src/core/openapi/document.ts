// GET /openapi.json: every HTTP endpoint of the service as OpenAPI 3.1, built from the zod
// schemas the code validates with, so the description cannot drift from the behaviour.

import { ARCHIVE_PAGE_SIZE } from '../documents/archive.ts';
import { FEED_SIZE } from '../feeds/items.ts';
import { SURFACE, type SurfaceRow } from '../http/surface.ts';
import { PATHS, type SiteUrls, topicUrls } from '../http/urls.ts';
import { BusinessSchema } from '../schemas/business.ts';
import { AggregateRatingSchema, ReviewsDocumentSchema, SinceDocumentSchema } from '../schemas/documents.ts';
import { HubFormSchema } from '../schemas/hub.ts';
import { InsightsDocumentSchema } from '../schemas/insights.ts';
import { JsonFeedSchema } from '../schemas/jsonfeed.ts';
import { CalendarDate } from '../schemas/primitives.ts';
import { RatingsDocumentSchema } from '../schemas/ratings.ts';
import { ReviewSchema } from '../schemas/review.ts';
import { SearchResultSchema } from '../schemas/search.ts';
import { SearchParamsShape } from '../search/params.ts';
import { componentSchemas, type JsonSchema, parameterSchema, schemaRef } from './json-schema.ts';
import { MCP_PROTOCOL_VERSION, MCP_TOOLS } from './mcp.ts';
import { ErrorSchema, JsonRpcRequestSchema, JsonRpcResponseSchema, ValidationErrorSchema } from './schemas.ts';

/** The HTTP interface's version: keys are only ever added (see README, The documents). */
export const API_VERSION = '1.0.0';

type Obj = Record<string, unknown>;

const JSON_MEDIA = 'application/json';
const TEXT_MEDIA = 'text/plain';
const HTML_MEDIA = 'text/html';

const header = (description: string, schema: JsonSchema = { type: 'string' }) => ({ description, schema });
const ref = (kind: 'headers' | 'parameters' | 'responses', name: string) => ({ $ref: `#/components/${kind}/${name}` });
const json = (schema: Obj) => ({ [JSON_MEDIA]: { schema } });
const text = (example: string) => ({ [TEXT_MEDIA]: { schema: { type: 'string' }, example } });

/** The operationId the surface table gives a path. */
function operationOf(row: SurfaceRow): string {
  if (row.operationId === undefined) throw new Error(`${row.path} has no OpenAPI operation in SURFACE`);
  return row.operationId;
}

/** Headers of every published GET (src/core/http/headers.ts resourceHeaders). */
function cachedHeaders(options: { topic?: boolean; lastModified?: boolean } = {}): Obj {
  return {
    ETag: ref('headers', 'ETag'),
    ...(options.lastModified === false ? {} : { 'Last-Modified': ref('headers', 'Last-Modified') }),
    'Cache-Control': ref('headers', 'Cache-Control'),
    'Access-Control-Allow-Origin': ref('headers', 'Access-Control-Allow-Origin'),
    ...(options.topic ? { Link: ref('headers', 'Link') } : {}),
  };
}

/** A facet page (src/core/site/facets.ts): its path, with the paging every facet page shares. */
function facetPage(
  path: string,
  operationId: string,
  summary: string,
  what: string,
  parameter: { name: string; description: string; schema: JsonSchema },
): Obj {
  return {
    [path]: {
      get: {
        operationId,
        tags: ['Pages'],
        summary,
        description: `${what} Its rating summary and histogram, the insights highlights and its ${ARCHIVE_PAGE_SIZE} newest reviews; with more, its older reviews are at ${path}page/{page}/, ${ARCHIVE_PAGE_SIZE} a page, numbered from the oldest.`,
        parameters: [{ ...parameter, in: 'path', required: true }],
        responses: {
          '200': { description: 'HTML page', headers: cachedHeaders(), content: { [HTML_MEDIA]: { schema: { type: 'string' } } } },
          '404': ref('responses', 'NotFound'),
        },
      },
    },
  };
}

interface ReadOptions {
  operationId: string;
  tags: string[];
  summary: string;
  description: string;
  content: Obj;
  topic?: boolean;
  parameters?: Obj[];
  errors?: Obj;
}

/** A GET of a published (or sidecar-rendered) representation: 200 with validators, or 304. */
function readOperation(o: ReadOptions): Obj {
  return {
    get: {
      operationId: o.operationId,
      tags: o.tags,
      summary: o.summary,
      description: o.description,
      parameters: [...(o.parameters ?? []), ref('parameters', 'If-None-Match'), ref('parameters', 'If-Modified-Since')],
      responses: {
        '200': { description: 'The current representation', headers: cachedHeaders({ topic: o.topic ?? false }), content: o.content },
        '304': ref('responses', 'NotModified'),
        ...(o.errors ?? {}),
      },
    },
  };
}

function searchParameters(): Obj[] {
  return Object.entries(SearchParamsShape).map(([name, zodSchema]) => {
    const { schema, description } = parameterSchema(zodSchema);
    return { name, in: 'query', required: false, ...(description ? { description } : {}), schema };
  });
}

const HUB_DESCRIPTION = `WebSub hub (W3C WebSub). A subscriber POSTs hub.mode=subscribe or unsubscribe with an HTTPS hub.callback and one of the topics; \
the hub answers 202 at once and then confirms the intent with a GET to the callback carrying hub.mode, hub.topic, hub.challenge and \
hub.lease_seconds; the callback must answer 2xx with exactly the challenge as its body. While active, every change of the topic is \
POSTed to the callback with the full new content and a Link header (rel="hub", rel="self"); with hub.secret the delivery is signed \
(X-Hub-Signature). After 3 consecutive failed deliveries the subscription is removed. The publisher pings with hub.mode=publish and \
hub.url (or hub.topic). Every answer is text/plain with a one-line reason. Other methods: 405 with Allow: POST.`;

const MCP_DESCRIPTION = `Model Context Protocol over streamable HTTP, JSON-RPC 2.0 (protocol revision ${MCP_PROTOCOL_VERSION} in the examples). \
Two eras on one URL. Protocol 2026-07-28 is stateless: every request carries params._meta (io.modelcontextprotocol/protocolVersion \
and clientCapabilities) and the MCP-Protocol-Version, Mcp-Method and Mcp-Name headers; start with server/discover. Protocol 2025: send \
initialize first; the response's Mcp-Session-Id header names the session, and every later request carries it together with \
MCP-Protocol-Version. Requests must send Accept: application/json, text/event-stream. Read-only tools: \
${MCP_TOOLS.map((t) => `${t.name} (${t.description.replace(/\.$/, '')})`).join('; ')}. Other methods: 405 with Allow.`;

function paths(urls: SiteUrls): Obj {
  const notFound = { '404': ref('responses', 'NotFound') };
  const invalid = { '400': ref('responses', 'ValidationError') };
  const topics = topicUrls(urls);
  return {
    '/': {
      get: {
        operationId: 'getHomePage',
        tags: ['Pages'],
        summary: 'The reviews page for people',
        description: `The business, its aggregate rating with a star histogram, the insights highlights and the ${FEED_SIZE} newest reviews, each at the anchor #review-{id} that feed items link to.`,
        responses: { '200': { description: 'HTML page', headers: cachedHeaders(), content: { [HTML_MEDIA]: { schema: { type: 'string' } } } } },
      },
    },
    '/reviews/': {
      get: {
        operationId: 'getReviewArchiveIndex',
        tags: ['Pages'],
        summary: 'The review archive: every page with its dates',
        responses: { '200': { description: 'HTML page', headers: cachedHeaders(), content: { [HTML_MEDIA]: { schema: { type: 'string' } } } } },
      },
    },
    '/reviews/page/{page}/': {
      get: {
        operationId: 'getReviewArchivePage',
        tags: ['Pages'],
        summary: 'One page of the review archive',
        description: `Every review, ${ARCHIVE_PAGE_SIZE} a page. Pages are counted from the oldest review, so page 1 holds the ${ARCHIVE_PAGE_SIZE} oldest, the last page the newest, and a review never moves to another page when newer ones arrive.`,
        parameters: [
          { name: 'page', in: 'path', required: true, description: 'Page number, from 1 (the oldest reviews)', schema: { type: 'integer', minimum: 1 } },
        ],
        responses: {
          '200': { description: 'HTML page', headers: cachedHeaders(), content: { [HTML_MEDIA]: { schema: { type: 'string' } } } },
          ...notFound,
        },
      },
    },
    '/api/': {
      get: {
        operationId: 'getApiPage',
        tags: ['Pages'],
        summary: 'The API explained for people',
        description: 'A curl example for every endpoint, the MCP connection details and how to subscribe with WebSub.',
        responses: { '200': { description: 'HTML page', headers: cachedHeaders(), content: { [HTML_MEDIA]: { schema: { type: 'string' } } } } },
      },
    },
    ...facetPage('/technicians/{slug}/', 'getTechnicianPage', 'The reviews of one technician', 'Reviews whose technicians include the person.', {
      name: 'slug',
      description: 'The name lower-cased, accents folded to ASCII, other characters runs of "-" (José Martínez: jose-martinez); the home page links every one',
      schema: { type: 'string' },
    }),
    ...facetPage('/services/{id}/', 'getServicePage', 'The reviews of one service', 'Reviews whose services include the service.', {
      name: 'id',
      description: 'A service id of business.json',
      schema: { type: 'string' },
    }),
    ...facetPage('/areas/{slug}/', 'getAreaPage', 'The reviews of one service area', 'Reviews of jobs in the area.', {
      name: 'slug',
      description: 'The area name as a slug (Cañon City: canon-city)',
      schema: { type: 'string' },
    }),
    ...facetPage(
      '/reviews/stars/{stars}/',
      'getStarsPage',
      'The reviews with one star rating',
      'Reviews with exactly that many stars; each of the five pages links the others.',
      {
        name: 'stars',
        description: 'Star rating, 1 to 5',
        schema: { type: 'integer', minimum: 1, maximum: 5 },
      },
    ),
    [SURFACE.embed.path]: {
      get: {
        operationId: operationOf(SURFACE.embed),
        tags: ['Embed'],
        summary: 'The rating and the newest reviews for an iframe',
        description: 'A small page with the rating, the histogram and the 10 newest reviews; links open on this site in a new tab.',
        responses: { '200': { description: 'HTML page', headers: cachedHeaders(), content: { [HTML_MEDIA]: { schema: { type: 'string' } } } } },
      },
    },
    [SURFACE.widget.path]: {
      get: {
        operationId: operationOf(SURFACE.widget),
        tags: ['Embed'],
        summary: 'The <reviews-widget> custom element',
        description:
          'Attributes: layout (list, carousel, badge), limit (1-20), min-stars (1-5, stated in the widget), technician, service. No dependencies, no cookies, nothing inline; needs script-src and connect-src for this origin.',
        responses: { '200': { description: 'JavaScript', headers: cachedHeaders(), content: { 'text/javascript': { schema: { type: 'string' } } } } },
      },
    },
    [SURFACE.badge.path]: {
      get: {
        operationId: operationOf(SURFACE.badge),
        tags: ['Embed'],
        summary: 'The rating and the review count as an SVG badge',
        responses: { '200': { description: 'SVG image', headers: cachedHeaders(), content: { 'image/svg+xml': { schema: { type: 'string' } } } } },
      },
    },
    [SURFACE.ratings.path]: readOperation({
      operationId: operationOf(SURFACE.ratings),
      tags: ['Embed'],
      summary: 'Every rating a widget shows',
      description:
        'The aggregate rating of the business and of every technician, service and service area, with the URL of its page, and how many reviews were left out and why. No reviews: small enough for a widget.',
      content: json(schemaRef('RatingsDocument')),
    }),
    [SURFACE.reviews.path]: readOperation({
      operationId: operationOf(SURFACE.reviews),
      tags: ['Reviews'],
      summary: 'The reviews dataset',
      description:
        'Business metadata, the aggregate rating and every published review (PUBLISH_REVIEWS: all, or only those with evidence), newest first. A WebSub topic.',
      content: json(schemaRef('ReviewsDocument')),
      topic: true,
    }),
    [SURFACE.insights.path]: readOperation({
      operationId: operationOf(SURFACE.insights),
      tags: ['Reviews'],
      summary: 'The insights dataset',
      description:
        'Aspect-based sentiment, entities (technicians, services, service areas), topics, FAQ, an editorial summary, which reviews were read (coverage) and how accurately the analyser reads them, as measured on real reviews (method).',
      content: json(schemaRef('InsightsDocument')),
    }),
    [SURFACE.jsonFeed.path]: readOperation({
      operationId: operationOf(SURFACE.jsonFeed),
      tags: ['Feeds'],
      summary: 'JSON Feed 1.1 of the newest reviews',
      description: `The ${FEED_SIZE} newest reviews; each item links to the review's anchor on the home page and carries the review itself in _review. A WebSub topic.`,
      content: json(schemaRef('JsonFeed')),
      topic: true,
    }),
    [SURFACE.atomFeed.path]: readOperation({
      operationId: operationOf(SURFACE.atomFeed),
      tags: ['Feeds'],
      summary: 'Atom feed of the newest reviews',
      description: `The ${FEED_SIZE} newest reviews as Atom (RFC 4287). A WebSub topic.`,
      content: { 'application/atom+xml': { schema: { type: 'string' } } },
      topic: true,
    }),
    [SURFACE.search.path]: readOperation({
      operationId: operationOf(SURFACE.search),
      tags: ['Reviews'],
      summary: 'Search reviews',
      description:
        'Reviews matching every given filter, with full review fields; the HTTP twin of the MCP tool search_reviews. Unknown parameters and parameters given twice are rejected (400).',
      parameters: searchParameters(),
      content: json(schemaRef('SearchResult')),
      errors: invalid,
    }),
    [SURFACE.since.path]: readOperation({
      operationId: operationOf(SURFACE.since),
      tags: ['Reviews'],
      summary: 'Reviews since a date',
      description: 'Every review dated on or after the date, newest first. Any real calendar date works.',
      parameters: [{ name: 'date', in: 'path', required: true, ...parameterSchema(CalendarDate.describe('First day, YYYY-MM-DD')) }],
      content: json(schemaRef('SinceDocument')),
      errors: invalid,
    }),
    [SURFACE.openapi.path]: {
      get: {
        operationId: operationOf(SURFACE.openapi),
        tags: ['Discovery'],
        summary: 'This document',
        responses: { '200': { description: 'OpenAPI 3.1 document', headers: cachedHeaders(), content: json({ type: 'object' }) } },
      },
    },
    [SURFACE.llmsTxt.path]: {
      get: {
        operationId: operationOf(SURFACE.llmsTxt),
        tags: ['Discovery'],
        summary: 'The service described for language models (llms.txt)',
        responses: {
          '200': { description: 'Markdown in the llms.txt format', headers: cachedHeaders(), content: { [TEXT_MEDIA]: { schema: { type: 'string' } } } },
        },
      },
    },
    [SURFACE.hub.path]: {
      post: {
        operationId: operationOf(SURFACE.hub),
        tags: ['WebSub'],
        summary: 'Subscribe, unsubscribe or ping the WebSub hub',
        description: `${HUB_DESCRIPTION} Topics: ${topics.join(', ')}.`,
        requestBody: { required: true, content: { 'application/x-www-form-urlencoded': { schema: schemaRef('HubForm') } } },
        responses: {
          '202': {
            description: 'Accepted: subscribe and unsubscribe are confirmed later by a GET to the callback; a publish ping says whether anything changed',
            headers: { 'Cache-Control': ref('headers', 'No-Store') },
            content: text('Accepted: the hub will confirm this subscribe request with a GET to the callback'),
          },
          '400': {
            description: 'The form is invalid: a field is missing, repeated or out of range, the topic is not one of this hub, or the callback is not HTTPS',
            content: text('hub.callback must be an https: URL'),
          },
          '413': { description: 'The body is larger than 8 KiB', content: text('Request body is larger than 8192 bytes') },
          '415': { description: 'The body is not application/x-www-form-urlencoded', content: text('Request body must be application/x-www-form-urlencoded') },
          '429': {
            description: 'Too many requests for callbacks on one host, or too many publish pings',
            headers: { 'Retry-After': ref('headers', 'Retry-After') },
            content: text('Too many requests for callbacks on example.org'),
          },
          '503': { description: 'publish only: the topics could not be read', content: text('The topics could not be read; try again later') },
        },
      },
    },
    [PATHS.mcp]: {
      description: MCP_DESCRIPTION,
      post: {
        operationId: 'mcpRequest',
        tags: ['MCP'],
        summary: 'Send a JSON-RPC message to the MCP server',
        parameters: [
          ref('parameters', 'Mcp-Session-Id'),
          ref('parameters', 'MCP-Protocol-Version'),
          { name: 'Accept', in: 'header', required: true, schema: { type: 'string', const: 'application/json, text/event-stream' } },
          {
            name: 'Mcp-Method',
            in: 'header',
            required: false,
            description: 'Protocol 2026-07-28: the JSON-RPC method of the body (required there)',
            schema: { type: 'string' },
          },
          {
            name: 'Mcp-Name',
            in: 'header',
            required: false,
            description: 'Protocol 2026-07-28: params.name of tools/call or params.uri of resources/read (required for those)',
            schema: { type: 'string' },
          },
        ],
        requestBody: { required: true, content: json(schemaRef('JsonRpcRequest')) },
        responses: {
          '200': {
            description: 'The JSON-RPC response, on a short event stream of its own (or as JSON); the response to initialize sets Mcp-Session-Id',
            headers: { 'Mcp-Session-Id': ref('headers', 'Mcp-Session-Id') },
            content: {
              'text/event-stream': { schema: { type: 'string', description: 'Server-sent events; each data line is a JSON-RPC response' } },
              ...json(schemaRef('JsonRpcResponse')),
            },
          },
          '202': { description: 'A notification or response was accepted; no body' },
          '400': {
            description:
              'Invalid JSON or JSON-RPC, a missing Mcp-Session-Id (2025 sessions), an unsupported MCP-Protocol-Version; on 2026-07-28: headers that disagree with the body (-32020), an unsupported version (-32022, with the supported list), a broken _meta envelope (-32602)',
            content: json(schemaRef('JsonRpcResponse')),
          },
          '403': { description: 'A browser page from an origin that is not allowed (DNS-rebinding protection)', content: json(schemaRef('JsonRpcResponse')) },
          '404': {
            description: 'Unknown or ended session: send initialize again; on 2026-07-28, a method the revision does not have (-32601)',
            content: json(schemaRef('JsonRpcResponse')),
          },
          '406': { description: 'Accept does not list both application/json and text/event-stream', content: json(schemaRef('JsonRpcResponse')) },
          '413': { description: 'The body is too large', content: json(schemaRef('JsonRpcResponse')) },
          '415': { description: 'Content-Type is not application/json', content: json(schemaRef('JsonRpcResponse')) },
          '503': {
            description: 'Too many open sessions; try again later',
            headers: { 'Retry-After': ref('headers', 'Retry-After') },
            content: json(schemaRef('JsonRpcResponse')),
          },
        },
      },
      get: {
        operationId: 'mcpStream',
        tags: ['MCP'],
        summary: "A 2025 session's event stream",
        description:
          'With Mcp-Session-Id: the stream on which resources/subscribe updates arrive. Without it 405 (protocol 2026-07-28 uses subscriptions/listen instead).',
        parameters: [{ ...ref('parameters', 'Mcp-Session-Id') }],
        responses: {
          '200': { description: 'Server-sent events (notifications/resources/updated)', content: { 'text/event-stream': { schema: { type: 'string' } } } },
          '404': { description: 'Unknown session', content: json(schemaRef('JsonRpcResponse')) },
          '405': { description: 'No Mcp-Session-Id', headers: { Allow: ref('headers', 'Allow') }, content: json(schemaRef('JsonRpcResponse')) },
        },
      },
      delete: {
        operationId: 'mcpEndSession',
        tags: ['MCP'],
        summary: 'End an MCP session',
        parameters: [{ ...ref('parameters', 'Mcp-Session-Id') }],
        responses: {
          '200': { description: 'The session is ended' },
          '400': { description: 'Mcp-Session-Id is missing', content: json(schemaRef('JsonRpcResponse')) },
          '404': { description: 'Unknown session', content: json(schemaRef('JsonRpcResponse')) },
        },
      },
    },
  };
}

function components(): Obj {
  return {
    schemas: {
      ...componentSchemas(
        {
          Review: ReviewSchema,
          Business: BusinessSchema,
          AggregateRating: AggregateRatingSchema,
          ReviewsDocument: ReviewsDocumentSchema,
          InsightsDocument: InsightsDocumentSchema,
          SinceDocument: SinceDocumentSchema,
          RatingsDocument: RatingsDocumentSchema,
          SearchResult: SearchResultSchema,
          JsonFeed: JsonFeedSchema,
          Error: ErrorSchema,
          ValidationError: ValidationErrorSchema,
          JsonRpcResponse: JsonRpcResponseSchema,
        },
        'output',
      ),
      ...componentSchemas({ HubForm: HubFormSchema, JsonRpcRequest: JsonRpcRequestSchema }, 'input'),
    },
    headers: {
      ETag: header('Strong validator of the body, an opaque quoted string; send it back in If-None-Match', { type: 'string', pattern: '^"[^"]*"$' }),
      'Last-Modified': header('When the representation last changed (HTTP date); send it back in If-Modified-Since'),
      'Cache-Control': header('public, max-age=<CACHE_MAX_AGE_S>; hashed assets under /_astro/ are immutable'),
      'Access-Control-Allow-Origin': header('Always *: any origin may read', { type: 'string', const: '*' }),
      Link: header('WebSub discovery: <hub>; rel="hub", <topic>; rel="self"'),
      'Retry-After': header('Seconds to wait before trying again', { type: 'integer', minimum: 0 }),
      Allow: header('The methods the path accepts'),
      'No-Store': header('no-store', { type: 'string', const: 'no-store' }),
      'Mcp-Session-Id': header('MCP session id, set by the initialize response; a transport identifier, not a credential'),
    },
    parameters: {
      'If-None-Match': {
        name: 'If-None-Match',
        in: 'header',
        required: false,
        description: 'ETag of the copy the client holds; a match answers 304',
        schema: { type: 'string' },
      },
      'If-Modified-Since': {
        name: 'If-Modified-Since',
        in: 'header',
        required: false,
        description: 'Considered only without If-None-Match; not modified since answers 304',
        schema: { type: 'string' },
      },
      'Mcp-Session-Id': {
        name: 'Mcp-Session-Id',
        in: 'header',
        required: false,
        description: 'Session id from the initialize response; required on every request after it',
        schema: { type: 'string' },
      },
      'MCP-Protocol-Version': {
        name: 'MCP-Protocol-Version',
        in: 'header',
        required: false,
        description: `Negotiated protocol revision, e.g. ${MCP_PROTOCOL_VERSION}; sent after initialize`,
        schema: { type: 'string' },
      },
    },
    responses: {
      NotModified: {
        description: 'Not Modified: the client copy is current; empty body',
        headers: { ETag: ref('headers', 'ETag'), 'Cache-Control': ref('headers', 'Cache-Control') },
      },
      ValidationError: { description: 'A parameter is invalid; `issues` says which and why', content: json(schemaRef('ValidationError')) },
      NotFound: { description: 'Nothing is published at this path', content: json(schemaRef('Error')) },
    },
  };
}

/** The whole OpenAPI 3.1 document for the service at `urls.base`. Deterministic. */
export function openApiDocument(urls: SiteUrls) {
  return {
    openapi: '3.1.1',
    jsonSchemaDialect: 'https://spec.openapis.org/oas/3.1/dialect/base',
    info: {
      title: 'Reviews service',
      version: API_VERSION,
      summary: 'Read-only reviews of one business, each with its evidence that the author is a customer or none: JSON, feeds, search, MCP and WebSub.',
      description: `Every endpoint is public and read-only; no key, no account. Published GETs carry a strong ETag and Last-Modified and answer \
304 to a matching If-None-Match or If-Modified-Since; anyone may read them cross-origin. JSON errors have one shape, \`{ error, message, issues? }\`: \
an unknown path under /api/ or /mcp answers 404 (not_found) (any other unknown path gets the HTML 404 page) and a known path with another method 405 (method_not_allowed) with an Allow header. \
Responses may gain keys in later versions; keys are never removed. People: ${urls.base}/api/. Language models: ${urls.base}/llms.txt.`,
    },
    servers: [{ url: urls.base }],
    // No authentication anywhere: an empty requirement list (OpenAPI 3.1 §4.8.10).
    security: [],
    tags: [
      { name: 'Reviews', description: 'The review data as JSON' },
      { name: 'Feeds', description: `The ${FEED_SIZE} newest reviews as feeds (WebSub topics)` },
      { name: 'WebSub', description: 'Push notifications when a topic changes' },
      { name: 'MCP', description: 'Model Context Protocol server with read-only tools' },
      { name: 'Pages', description: 'HTML for people' },
      { name: 'Discovery', description: 'Descriptions of the service for programs' },
      { name: 'Embed', description: 'The rating and reviews on other websites: widget, badge, iframe page' },
    ],
    paths: paths(urls),
    components: components(),
  };
}

export type OpenApiDocument = ReturnType<typeof openApiDocument>;
