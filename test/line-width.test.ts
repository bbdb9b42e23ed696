// Code lines stay within the formatter's width. Biome breaks code at `lineWidth` but cannot
// break a string, a regular expression or a line of Astro markup, so a long text in code
// shows up here: move it to a text or catalogue file, split it, or wrap it. A few lines that
// cannot be split without changing what they mean (a regular expression a test matches) may stay.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/paths.ts';

/** How many code lines in the whole tree may be wider than the formatter's width. */
const MAX_LONG_LINES = 20;
const WIDTH: number = JSON.parse(readFileSync(join(ROOT, 'biome.json'), 'utf8')).formatter.lineWidth;
const CODE = /^(src|sidecar|scripts|research|test|bench|tools)\/.*\.(ts|mjs|astro)$|^[^/]+\.(ts|mjs)$/;

/** The lines of a file wider than `width` characters, as "file:line (length)". */
function longLines(file: string, text: string, width: number): string[] {
  return text.split('\n').flatMap((line, i) => {
    const length = [...line].length;
    return length > width ? [`${file}:${i + 1} (${length})`] : [];
  });
}

describe('code lines', () => {
  it(`are at most ${WIDTH} characters wide, bar at most ${MAX_LONG_LINES} in the tree`, () => {
    const files = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
      .split('\n')
      .filter((f) => CODE.test(f) && existsSync(join(ROOT, f)));
    expect(files.length).toBeGreaterThan(100);
    const long = files.flatMap((f) => longLines(f, readFileSync(join(ROOT, f), 'utf8'), WIDTH));
    expect(long.length, `${long.length} code lines are wider than ${WIDTH} characters:\n${long.join('\n')}`).toBeLessThanOrEqual(MAX_LONG_LINES);
  });

  it('are counted by characters, not bytes, and each long one is named', () => {
    expect(WIDTH).toBe(160);
    const text = ['é'.repeat(160), 'x'.repeat(161), '', `const s = '${'a'.repeat(200)}';`].join('\n');
    expect(longLines('a.ts', text, 160)).toEqual(['a.ts:2 (161)', 'a.ts:4 (213)']);
  });
});
