import type { Business } from '../../src/core/schemas/business.ts';
import { buildSearchIndex, type SearchIndex } from '../../src/core/search/index.ts';
import { type NameBook, nameBook, reviewSources } from '../../src/core/search/names.ts';
import type { SearchNames } from '../../src/core/search/packed.ts';
import { perBuild, type SiteSnapshot } from './snapshot.ts';

// A runtime that prepared the index (the Worker's packed one) is never made to parse /reviews.json here.
const SEARCH_INDEX = perBuild('search index', (s): SearchIndex => s.prepared.searchIndex ?? buildSearchIndex(s.data.reviews));
const NAMES = perBuild('dataset names', (s): SearchNames => s.prepared.searchNames ?? { business: s.data.business, sources: reviewSources(s.data.reviews) });
const NAME_BOOK = perBuild('search names', (s): NameBook => {
  const { business, sources } = s.derive(NAMES);
  return nameBook(business, sources);
});

/** The search index of a build, built once; the HTTP search and the MCP tools share it. */
export function searchIndexOf(snapshot: SiteSnapshot): SearchIndex {
  return snapshot.derive(SEARCH_INDEX);
}

/** The names the search filters accept for this build's business and sources. */
export function searchNamesOf(snapshot: SiteSnapshot): NameBook {
  return snapshot.derive(NAME_BOOK);
}

/** The build's business, as in /reviews.json. */
export function businessOf(snapshot: SiteSnapshot): Business {
  return snapshot.derive(NAMES).business;
}

/** The reviews' sources as spelled in the data, sorted. */
export function sourcesOf(snapshot: SiteSnapshot): readonly string[] {
  return snapshot.derive(NAMES).sources;
}
