// How the server runs: its entry and its memory profile (docs/benchmarks.md, the soak), the one
// place `reviews serve` and `reviews start` and every benchmark of the server take them from.
import { ENTRIES } from '../../src/package/entries.ts';

export const SERVE = {
  script: ENTRIES.serve,
  nodeFlags: ['--max-semi-space-size=8', '--heap-growing-percent=30'],
  env: { MALLOC_MMAP_THRESHOLD_: '131072' } as Record<string, string>,
};
