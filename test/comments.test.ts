// Comments and folder READMEs name only files that exist: a comment or a README that cites a
// moved or deleted source file sends the next reader looking for something that is not there.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './helpers/paths.ts';

const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f !== '' && existsSync(join(ROOT, f)));
const sources = tracked.filter((f) => /^(src|sidecar|scripts|research|test)\/.*\.(ts|mjs|astro)$|^[^/]+\.(ts|mjs)$/.test(f));
const names = new Set(tracked.map((f) => basename(f)));
/** Every folder's README, and ARCHITECTURE.md, the README of the whole tree. */
const readmes = tracked.filter((f) => /(^|\/)README\.md$/.test(f) && !f.startsWith('docs/') && f !== 'README.md').concat('ARCHITECTURE.md');

/**
 * A cited source file: a name ending in a source extension, with or without folders (output documents such as
 * insights.json are names of outputs, not files).
 */
const CITED = /(?<![\w@/.:-])((?:[\w.[\]-]+\/)*[\w.[\]-]+\.(?:ts|mjs|astro|md|css))\b/g;
const COMMENT = /\/\/[^\n]*|\/\*[\s\S]*?\*\//g;

function exists(path: string, from: string): boolean {
  if (!path.includes('/')) return names.has(path);
  return existsSync(join(ROOT, path)) || existsSync(join(ROOT, dirname(from), path)) || tracked.some((f) => f.endsWith(`/${path}`));
}

describe('comments', () => {
  it('name only files that exist', () => {
    const missing: string[] = [];
    for (const file of sources) {
      for (const comment of readFileSync(join(ROOT, file), 'utf8').match(COMMENT) ?? []) {
        for (const [, path] of comment.matchAll(CITED)) if (!exists(path as string, file)) missing.push(`${file}: ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('and folder READMEs, which name only files that exist', () => {
    const missing: string[] = [];
    for (const file of readmes) {
      for (const [, path] of readFileSync(join(ROOT, file), 'utf8').matchAll(CITED)) if (!exists(path as string, file)) missing.push(`${file}: ${path}`);
    }
    expect(readmes).toContain('sidecar/runtime/cloudflare/README.md');
    expect(missing).toEqual([]);
  });

  it('would notice a comment citing a file that does not exist', () => {
    const comment = ['/', '/ see src/core/nowhere', '.ts and sidecar/site/topics', '.ts'].join('');
    expect([...comment.matchAll(CITED)].map((m) => m[1]).filter((p) => !exists(p as string, 'src/x.ts'))).toEqual([
      'src/core/nowhere.ts',
      'sidecar/site/topics.ts',
    ]);
  });
});
