import { buildSearchIndex, type SearchIndex } from '../../src/core/search/index.ts';
import { type NameBook, nameBook, reviewSources } from '../../src/core/search/names.ts';
import { perBuild, type SiteSnapshot } from './snapshot.ts';

const SEARCH_INDEX = perBuild('search index', (s): SearchIndex => s.prepared.searchIndex ?? buildSearchIndex(s.data.reviews));
const NAME_BOOK = perBuild('search names', (s): NameBook => {
  const { business, sources } = s.prepared.searchNames ?? { business: s.data.business, sources: reviewSources(s.data.reviews) };
  return nameBook(business, sources);
});

/** The search index of a build, built once; the HTTP search and the MCP tool share it. */
export function searchIndexOf(snapshot: SiteSnapshot): SearchIndex {
  return snapshot.derive(SEARCH_INDEX);
}

/** The names the search filters accept for this build's business and sources. */
export function searchNamesOf(snapshot: SiteSnapshot): NameBook {
  return snapshot.derive(NAME_BOOK);
}
