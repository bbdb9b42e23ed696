import type { Review } from '../../src/core/schemas/review.ts';
import type { LiveSite } from '../site/live-site.ts';
import type { SiteSnapshot } from '../site/snapshot.ts';
import type { ResourceWatch } from './watch.ts';

/** What the MCP tools and resources read: the published builds, nothing else. */
export interface McpDeps {
  site: LiveSite;
  /** Change notifications for resources/subscribe and subscriptions/listen. */
  watch: ResourceWatch;
}

/** Reviews by id, built once per published build. */
export function reviewsById(snapshot: SiteSnapshot): ReadonlyMap<string, Review> {
  return snapshot.derive('mcp-reviews-by-id', (s) => new Map(s.data.reviews.map((r) => [r.id, r])));
}

/**
 * The insights document of a build, parsed once. Its sections are changing shape (aspects and
 * topics are being filled in), so it is read as a plain object and described loosely.
 */
export function insightsOf(snapshot: SiteSnapshot): Record<string, unknown> {
  return snapshot.derive('mcp-insights', (s) => {
    const bytes = s.bytes('/insights.json');
    if (!bytes) throw new Error(`Build ${s.manifest.build_id} has no /insights.json`);
    const parsed: unknown = JSON.parse(bytes.toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('insights.json is not a JSON object');
    return parsed as Record<string, unknown>;
  });
}
