// The documentation stays true: every relative link in README.md and docs/ resolves (the file,
// and the heading an anchor names), every command the README shows exists, the README stays
// one screen per task, and no line of the docs, a folder README or a code comment names an
// internal issue number, which means nothing to a reader.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { COMMANDS } from '../scripts/cli/commands.ts';
import { ROOT } from './helpers/paths.ts';

const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { cwd: ROOT, encoding: 'utf8' })
  .split('\n')
  .filter((f) => f !== '' && existsSync(join(ROOT, f)));
const pages = tracked.filter((f) => f === 'README.md' || /^docs\/.*\.md$/.test(f));
const read = (f: string) => readFileSync(join(ROOT, f), 'utf8');

/** Markdown without its fenced code blocks and inline code, where a link is no link. */
const prose = (md: string) => md.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchors(md: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, text] of prose(md).matchAll(/^#{1,6} (.+)$/gm)) {
    const base = slug(text as string);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** The relative links of a page that do not resolve, as "page: target". */
function brokenLinks(page: string, md: string, fileExists: (path: string) => boolean, readPage: (path: string) => string): string[] {
  const broken: string[] = [];
  for (const [, target] of prose(md).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const link = target as string;
    if (/^[a-z][a-z0-9+.-]*:/i.test(link)) continue;
    const [path = '', anchor] = link.split('#');
    const file = path === '' ? page : join(dirname(page), path);
    if (!fileExists(file)) {
      broken.push(`${page}: ${link}`);
      continue;
    }
    if (anchor && file.endsWith('.md') && !anchors(readPage(file)).has(anchor)) broken.push(`${page}: ${link}`);
  }
  return broken;
}

describe('the docs', () => {
  it('link only to files and headings that exist', () => {
    expect(pages.length).toBeGreaterThan(10);
    expect(pages.flatMap((p) => brokenLinks(p, read(p), (f) => existsSync(join(ROOT, f)), read))).toEqual([]);
  });

  it('would notice a missing file or heading', () => {
    const md = '[a](docs/none.md) [b](#nowhere) [c](#the-docs) [d](https://example.com/x)\n\n## The docs\n';
    expect(
      brokenLinks(
        'README.md',
        md,
        (f) => f === 'README.md',
        () => md,
      ),
    ).toEqual(['README.md: docs/none.md', 'README.md: #nowhere']);
  });

  it('README.md is at most 200 lines and 30 KB', () => {
    const readme = read('README.md');
    expect(readme.split('\n').length).toBeLessThanOrEqual(200);
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(30 * 1024);
  });

  it('every npm script the README shows exists', () => {
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
    const shown = [...read('README.md').matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1] as string);
    expect(shown.filter((name) => !(name in scripts))).toEqual([]);
  });

  it('every reviews command the README and the getting-started page show exists', () => {
    const shown = ['README.md', 'docs/getting-started.md'].flatMap((page) =>
      [...read(page).matchAll(/(?:npx reviews|`reviews) ([a-z][\w-]*)/g)].map((m) => `${page}: ${m[1]}`),
    );
    expect(shown.length).toBeGreaterThan(5);
    expect(shown.filter((s) => !Object.hasOwn(COMMANDS, s.split(': ')[1] as string))).toEqual([]);
  });

  it('name no internal issue number, in the docs, a folder README or a code comment', () => {
    const ISSUE = /\bissues? #?\d+|\(#\d+\)/i;
    const hits: string[] = [];
    for (const file of tracked) {
      const isDoc = file.endsWith('.md') && !file.startsWith('CHANGELOG');
      const isCode = /\.(ts|mjs|astro|yml)$/.test(file);
      if (!isDoc && !isCode) continue;
      const text = read(file);
      const lines = isDoc ? text.split('\n') : (text.match(/\/\/[^\n]*|\/\*[\s\S]*?\*\/|^\s*#[^\n]*/gm) ?? []);
      for (const line of lines) if (ISSUE.test(line)) hits.push(`${file}: ${line.trim().slice(0, 100)}`);
    }
    expect(hits).toEqual([]);
  });
});
