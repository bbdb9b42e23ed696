import { buildSearchIndex, type SearchIndex } from '../../src/core/search/index.ts';
import { perBuild, type SiteSnapshot } from './snapshot.ts';

const SEARCH_INDEX = perBuild('search index', (s): SearchIndex => buildSearchIndex(s.data.reviews));

/** The search index of a build, built once; the HTTP search and the MCP tool share it. */
export function searchIndexOf(snapshot: SiteSnapshot): SearchIndex {
  return snapshot.derive(SEARCH_INDEX);
}
