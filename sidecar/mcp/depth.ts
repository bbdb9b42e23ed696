/**
 * JSON-RPC messages nest a few levels; a body nested deeper than this is refused before
 * anything recursive (zod, JSON.stringify, the SDK) walks it and runs out of stack.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether arrays and objects in `value` nest deeper than `max` levels (walked without recursion). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop() as [unknown, number];
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}

/**
 * Messages a JSON-RPC batch may hold (the 2025-03-26 revision allowed batches; later ones
 * dropped them). A longer one is refused before any element is looked at, so a 64 KB array of
 * `{}` costs its JSON.parse and nothing more.
 */
export const MAX_BATCH = 32;
