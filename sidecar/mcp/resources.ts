import { type McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { UriTemplate } from '@modelcontextprotocol/sdk/shared/uriTemplate.js';
import { McpError, type ReadResourceResult } from '@modelcontextprotocol/sdk/types.js';
import { utf8Text } from '../../src/core/bytes/utf8.ts';
import { SURFACE, SURFACE_ROWS } from '../../src/core/http/surface.ts';
import { completeIds, type IdCompletion } from '../../src/core/search/complete.ts';
import type { LiveSite } from '../site/live-site.ts';
import { searchIndexOf } from '../site/search-index.ts';
import type { SiteSnapshot } from '../site/snapshot.ts';
import { APP_RESOURCE, readApp } from './app.ts';
import { reviewById } from './build-data.ts';
import { APP_URI, RESOURCE_NOT_FOUND } from './protocol.ts';

export const JSON_MIME = 'application/json';

/** The template of one review as a resource; ids never contain '/', so {id} is one segment. */
export const REVIEW_TEMPLATE = 'reviews://review/{id}';

interface DatasetResource {
  name: string;
  title: string;
  description: string;
  /** Path of the built file; the resource URI is its public URL. */
  path: string;
  url: (s: SiteSnapshot) => string;
}

/** What each dataset resource says about itself, in the order resources/list gives them; its path comes from SURFACE. */
const ABOUT: Record<string, { title: string; description: string; url: (s: SiteSnapshot) => string }> = {
  reviews: {
    title: 'Reviews dataset',
    description: `Business metadata, aggregate rating and every published review with its evidence or none, newest first (the same bytes as GET ${SURFACE.reviews.path}).`,
    url: (s) => s.urls.reviews,
  },
  insights: {
    title: 'Insights dataset',
    description: `Aspect-based sentiment, entities (technicians, services, service areas), topics, FAQ and an editorial summary (GET ${SURFACE.insights.path}).`,
    url: (s) => s.urls.insights,
  },
  feed: {
    title: 'Newest reviews (JSON Feed)',
    description: `JSON Feed 1.1 of the 50 newest reviews (GET ${SURFACE.jsonFeed.path}).`,
    url: (s) => s.urls.jsonFeed,
  },
};

/** The datasets, in the order of ABOUT; every SURFACE row with mcpResource must have its entry there. */
export const DATASETS: readonly DatasetResource[] = SURFACE_ROWS.filter((r) => r.mcpResource !== undefined)
  .map((r) => {
    const name = r.mcpResource as string;
    const about = ABOUT[name];
    if (!about) throw new Error(`MCP resource ${name} (${r.path}) has no title and description`);
    return { name, path: r.path, ...about };
  })
  .sort((a, b) => Object.keys(ABOUT).indexOf(a.name) - Object.keys(ABOUT).indexOf(b.name));

export const REVIEW_TEMPLATE_METADATA = {
  title: 'One review',
  description: 'One published review with every field, its evidence included, by id (reviews://review/<id>). Ids complete.',
  mimeType: JSON_MIME,
};

const reviewTemplate = new UriTemplate(REVIEW_TEMPLATE);

/** The review id a reviews://review/{id} URI names, if it has that shape. */
export function reviewIdOf(uri: string): string | undefined {
  const id = reviewTemplate.match(uri)?.id;
  return typeof id === 'string' ? id : undefined;
}

/** How many ids a completion answers (as SDK 1.32.2 does). */
export const COMPLETION_VALUES = 100;

/** The first review ids starting with `value` (case-insensitive), newest first, and how many there are. */
export function completeReviewIds(snapshot: SiteSnapshot, value: string): IdCompletion {
  return completeIds(searchIndexOf(snapshot), value, COMPLETION_VALUES);
}

/** The contents of a resource in this build, or undefined when there is no such resource. */
export function readResource(snapshot: SiteSnapshot, uri: string): ReadResourceResult | undefined {
  if (uri === APP_URI) return readApp(snapshot);
  const dataset = DATASETS.find((d) => d.url(snapshot) === uri);
  if (dataset) {
    const bytes = snapshot.bytes(dataset.path);
    return bytes && { contents: [{ uri, mimeType: JSON_MIME, text: utf8Text(bytes) }] };
  }
  const id = reviewIdOf(uri);
  const review = id === undefined ? undefined : reviewById(snapshot, id);
  return review && { contents: [{ uri, mimeType: JSON_MIME, text: JSON.stringify(review) }] };
}

function readBuiltFile(site: LiveSite, uri: URL): ReadResourceResult {
  const result = readResource(site.current(), uri.href);
  if (!result) throw new McpError(RESOURCE_NOT_FOUND, `Resource ${uri.href} is not in the current build`, { uri: uri.href });
  return result;
}

/**
 * The datasets at their public URLs (a client may also fetch them directly), and one review
 * at reviews://review/{id}, with completion of the id. Every read takes the current build once.
 */
export function registerResources(server: McpServer, site: LiveSite): void {
  const snapshot = site.current();
  for (const dataset of DATASETS) {
    const { name, title, description } = dataset;
    server.registerResource(name, dataset.url(snapshot), { title, description, mimeType: JSON_MIME }, (uri) => readBuiltFile(site, uri));
  }

  const { uri: appUri, name: appName, ...appMetadata } = APP_RESOURCE;
  server.registerResource(appName, appUri, appMetadata, (uri) => readBuiltFile(site, uri));

  const template = new ResourceTemplate(REVIEW_TEMPLATE, {
    // Listing every review would make resources/list as large as the dataset: use search_reviews.
    list: undefined,
    // The SDK answers the first 100 matches (newest reviews first) with the total count.
    complete: {
      // SDK 1.32.2 answers the first 100 of the list and its length as the total: a list of that
      // length with only the first values filled says both without making every id a string.
      id: (value) => {
        const { values, total } = completeReviewIds(site.current(), value);
        const list = new Array<string>(total);
        values.forEach((v, i) => {
          list[i] = v;
        });
        return list;
      },
    },
  });
  server.registerResource('review', template, REVIEW_TEMPLATE_METADATA, (uri, variables) => {
    const id = String(variables.id);
    const review = reviewById(site.current(), id);
    if (!review) throw new McpError(RESOURCE_NOT_FOUND, `No review has the id "${id}"`, { uri: uri.href });
    return { contents: [{ uri: uri.href, mimeType: JSON_MIME, text: JSON.stringify(review) }] };
  });
}
