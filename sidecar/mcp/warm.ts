import { aggregateRating } from '../../src/core/content/aggregate.ts';
import type { Manifest } from '../../src/core/http/manifest.ts';
import type { McpToolName } from '../../src/core/openapi/mcp.ts';
import type { Business } from '../../src/core/schemas/business.ts';
import type { Review } from '../../src/core/schemas/review.ts';
import { buildSearchIndex } from '../../src/core/search/index.ts';
import { snapshotOf } from '../site/snapshot.ts';
import { toolResultBytes } from './calls.ts';
import { toolDescriptions } from './catalog.ts';
import { GetBusinessOutput } from './tools/get-business.ts';
import { TOOLS } from './tools/index.ts';

/** What the Worker's script carries to warm the tools with: the build's manifest, its business, one of its reviews. */
export interface WarmSample {
  manifest: Manifest;
  business: Business;
  review?: Review | undefined;
}

/** Arguments that take each tool through its whole answer on a one-review build. */
const warmArguments = (review: Review): Record<McpToolName, Record<string, unknown>> => ({
  get_business: {},
  // by code points: a cut inside a surrogate pair (an emoji) is not a valid query
  search_reviews: { query: Array.from(review.text).slice(0, 12).join('') || 'a', limit: 1 },
  get_review: { id: review.id },
  get_reviews_since: { date: review.date, limit: 1 },
  get_insights: {},
});

/**
 * Pays, ahead of any request, what the first call of each tool would otherwise pay once per
 * process: the catalogue's JSON Schemas (converted from zod once), zod's first use of each
 * input and output schema, and the first run of each tool's code (compiled on first call). The
 * Worker calls it when an isolate starts, where no file can be read: a valid business walks
 * every nested schema of get_business's output, which an empty object stops at the first key,
 * and each tool is called on a build of the one review the script carries, apart from the
 * isolate's own build (its caches untouched; a tool that reads a file answers an error here).
 * Returns the tools whose call answered without an error.
 */
export function warmTools(sample?: WarmSample): string[] {
  toolDescriptions();
  for (const { config } of TOOLS) {
    config.inputSchema.safeParse({});
    config.outputSchema.safeParse({});
  }
  if (!sample) return [];
  GetBusinessOutput.safeParse({ business: sample.business, aggregate_rating: aggregateRating([]) });
  const { review } = sample;
  if (!review) return [];
  const files = {
    buildDir: 'warm-up',
    manifest: sample.manifest,
    read: () => {
      throw new Error('no files when warming up');
    },
  };
  const snapshot = snapshotOf(files, { searchIndex: buildSearchIndex([review]), searchNames: { business: sample.business, sources: [review.source] } });
  const args = warmArguments(review);
  const answered: string[] = [];
  for (const { name } of TOOLS) {
    const bytes = toolResultBytes(snapshot, name, args[name as McpToolName], { entries: 0, bytes: 0 });
    if (bytes && !(JSON.parse(new TextDecoder().decode(bytes)) as { isError?: boolean }).isError) answered.push(name);
  }
  return answered;
}
