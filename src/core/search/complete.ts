// Review ids by prefix, for MCP's completion of reviews://review/{id}: two binary searches in the
// ids sorted lower-cased (the index's foldedIdOrder), so a miss or a long list costs a few dozen
// id reads at any size, not a scan of every id.
import type { SearchIndex } from './index.ts';

/** A run of matches longer than this is not sorted back to newest first: the newest are scanned for instead. */
const SORT_AT_MOST = 2048;

export interface IdCompletion {
  /** The first `max` ids starting with the prefix (case-insensitive), newest first. */
  values: string[];
  /** How many ids start with it. */
  total: number;
}

export function completeIds(index: SearchIndex, value: string, max: number): IdCompletion {
  const prefix = value.toLowerCase();
  const order = index.foldedIdOrder();
  const folded = (k: number) => index.id(order[k] as number).toLowerCase();
  // The run of ids starting with the prefix: from the first not below it to the first whose head is above it.
  const bound = (below: (id: string) => boolean) => {
    let lo = 0;
    let hi = order.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (below(folded(mid))) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const from = bound((id) => id < prefix);
  const to = bound((id) => id.slice(0, prefix.length) <= prefix);
  const total = Math.max(0, to - from);
  if (total <= SORT_AT_MOST) {
    const newest = order.slice(from, from + total).sort();
    return { values: Array.from(newest.subarray(0, max), (p) => index.id(p)), total };
  }
  // The run is over SORT_AT_MOST ids, so the newest `max` of them are found within about max × size / total ids.
  const values: string[] = [];
  for (let p = 0; p < index.size && values.length < max; p++) {
    const id = index.id(p);
    if (id.toLowerCase().startsWith(prefix)) values.push(id);
  }
  return { values, total };
}
