// The hub's front door (sidecar/hub/front.ts) hands the runtime's dependencies to each of its
// rooms once: a walk from createFront enters each room by one door, and no room calls back
// into the front (the topic check is asked of topic-check.ts, never through the front).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../helpers/paths.ts';

const ROOMS = ['front.ts', 'routes.ts', 'answer.ts', 'topic-check.ts', 'front-deps.ts'];
/** The imports of a hub file that run code (`import type` and type-only re-exports run none). */
function valueImports(file: string): string[] {
  const text = readFileSync(join(ROOT, 'sidecar/hub', file), 'utf8');
  return [...text.matchAll(/^import (?!type )[^;]*? from '\.\/([^']+)';$/gm)].map((m) => m[1] as string);
}

describe("the hub's front door", () => {
  it('enters each room from one room only, starting at front.ts', () => {
    const enteredBy = new Map<string, string[]>();
    for (const room of ROOMS)
      for (const target of valueImports(room).filter((t) => ROOMS.includes(t))) enteredBy.set(target, [...(enteredBy.get(target) ?? []), room]);
    expect(Object.fromEntries(enteredBy)).toEqual({ 'routes.ts': ['front.ts'], 'answer.ts': ['front.ts'], 'topic-check.ts': ['front.ts'] });
  });
});
