// What one source may cost a pass: SYNC_MAX_PAGES pages and SYNC_MAX_MB megabytes of them. A
// source that loops or never ends fails at the bound, so it never runs the pass out of memory
// and the other sources still come in.
import { utf8Length } from '../core/bytes/utf8.ts';
import { SyncError } from './errors.ts';
import { type BodyLimit, MAX_BODY_BYTES } from './http.ts';

export interface Budget {
  /** The body limit of the next page: what is left of the source's bytes */
  next: () => BodyLimit;
  /** Counts a page read; throws when the source has more pages than it may */
  take: (text: string) => void;
  /** Throws when the source links a page past the bound */
  more: (label: string) => void;
  readonly pages: number;
  readonly bytes: number;
}

export function budget(source: string, maxPages: number, maxMb: number): Budget {
  const maxBytes = maxMb * 1024 * 1024;
  let pages = 0;
  let bytes = 0;
  return {
    next: () => ({
      bytes: Math.min(MAX_BODY_BYTES, maxBytes - bytes),
      why: `the ${maxBytes - bytes} bytes left of SYNC_MAX_MB (${maxMb} MB for one source, ${bytes} read in ${pages} pages)`,
    }),
    take: (text) => {
      pages += 1;
      bytes += utf8Length(text);
    },
    more: (label) => {
      if (pages >= maxPages)
        throw new SyncError(
          source,
          'data',
          `${label}: ${pages} pages read (SYNC_MAX_PAGES) and the API still links a next page; ` +
            `nothing merged from ${source} (raise SYNC_MAX_PAGES if the source really holds more)`,
        );
    },
    get pages() {
      return pages;
    },
    get bytes() {
      return bytes;
    },
  };
}
