// `reviews check` on a bad brand: each problem named by its key in business.json, nothing built.
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkContent } from '../../scripts/cli/check.ts';
import { currentBuild } from '../../src/build/output-dir.ts';
import { ContentError } from '../../src/core/content/dataset.ts';
import { buildInProcess } from '../helpers/build.ts';
import { SMALL_CONTENT, tempDir } from '../helpers/paths.ts';

function content(brand: unknown, files: Record<string, string | Buffer> = {}): string {
  const dir = join(tempDir('brand-check'), 'content');
  cpSync(SMALL_CONTENT, dir, { recursive: true });
  const business = JSON.parse(readFileSync(join(dir, 'business.json'), 'utf8'));
  writeFileSync(join(dir, 'business.json'), JSON.stringify({ ...business, brand }));
  for (const [name, body] of Object.entries(files)) writeFileSync(join(dir, name), body);
  return dir;
}

/** The exit status and what `reviews check` printed as errors. */
function check(dir: string): { status: number; errors: string } {
  const errors: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args) => void errors.push(args.join(' ')));
  vi.spyOn(console, 'log').mockImplementation(() => {});
  const status = checkContent({ CONTENT_DIR: dir });
  spy.mockRestore();
  return { status, errors: errors.join('\n') };
}

afterEach(() => vi.restoreAllMocks());

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>';

describe('reviews check on the brand', () => {
  it('accepts a full brand', () => {
    const dir = content(
      { logo: { file: 'logo.svg', alt: 'Logo' }, color: 'oklch(60% 0.1 200)', second_color: 'gold', font: { stack: 'Georgia, serif' }, scheme: 'dark' },
      { 'logo.svg': SVG },
    );
    expect(check(dir)).toEqual({ status: 0, errors: '' });
  });

  it.each([
    ['a missing logo file', { logo: { file: 'logo.svg' } }, {}, 'field "brand.logo.file": logo.svg is not in the content folder'],
    ['an unreadable colour', { color: '#12345' }, {}, 'field "brand.color": is not a CSS colour'],
    ['a see-through colour', { second_color: 'rgb(0 0 0 / 50%)' }, {}, 'field "brand.second_color": must be opaque'],
    [
      'an oversized logo',
      { logo: { file: 'logo.png' } },
      { 'logo.png': Buffer.alloc(300 * 1024) },
      'field "brand.logo.file": logo.png is 300 KB, more than the 200 KB',
    ],
    ['a logo that is not what its name says', { logo: { file: 'logo.png' } }, { 'logo.png': SVG }, 'field "brand.logo.file": logo.png is not a PNG file'],
    ['an SVG logo with a script', { logo: { file: 'logo.svg' } }, { 'logo.svg': SVG.replace('<rect', '<script>alert(1)</script><rect') }, 'has scripts'],
    ['a logo of another type', { logo: { file: 'logo.gif' } }, {}, 'field "brand.logo.file": must be an SVG, PNG or WebP file'],
    ['a file outside the content folder', { favicon: '../favicon.svg' }, {}, 'field "brand.favicon": must be a file inside the content folder'],
    ['a missing font file', { font: { file: 'brand.woff2' } }, {}, 'field "brand.font.file": brand.woff2 is not in the content folder'],
    ['a booking link that is no web address', { links: { booking: 'javascript:alert(1)' } }, {}, 'field "brand.links.booking"'],
  ])('refuses %s, naming the key', (_what, brand, files, message) => {
    const { status, errors } = check(content(brand, files));
    expect(status).toBe(1);
    expect(errors).toContain('business.json');
    expect(errors).toContain(message);
  });
});

describe('a build with a bad brand', () => {
  it('fails naming the key and leaves the last good build in place, cards and logo included', async () => {
    const dir = content({ logo: { file: 'logo.svg' }, color: 'teal' }, { 'logo.svg': SVG });
    const out = join(tempDir('brand-build'), 'dist');
    await buildInProcess({ CONTENT_DIR: dir, OUT_DIR: out });
    const good = currentBuild(out);
    expect(existsSync(join(out, 'site', 'brand', 'logo.svg'))).toBe(true);
    const business = JSON.parse(readFileSync(join(dir, 'business.json'), 'utf8'));
    writeFileSync(join(dir, 'business.json'), JSON.stringify({ ...business, brand: { ...business.brand, color: 'teal-ish' } }));
    const failed = await buildInProcess({ CONTENT_DIR: dir, OUT_DIR: out }).catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ContentError);
    expect((failed as ContentError).message).toContain('field "brand.color"');
    expect(currentBuild(out)).toBe(good);
    expect(readdirSync(join(out, 'site', 'cards')).length).toBeGreaterThan(2);
  });
});
