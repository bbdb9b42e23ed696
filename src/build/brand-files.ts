// The brand's files in the content folder, checked before anything is built: each file named in
// business.json exists, is what its name says, and is small enough to send on every page view.
import { readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { sha256Base64url } from '../core/bytes/sha256.ts';
import { contentTypeFor } from '../core/http/media.ts';
import { CONTENT_FILE_NAMES, ContentError, type ContentProblem } from '../core/content/dataset.ts';
import { FONT_MAX_BYTES, LOGO_MAX_BYTES, THEME_CSS_FILE } from '../core/schemas/brand.ts';
import type { Business } from '../core/schemas/business.ts';
import { type BrandAssets, brandAssets } from '../core/site/brand.ts';
import { imageSize } from './image-size.ts';

const THEME_MAX_BYTES = 100 * 1024;
/** A logo this small goes into /badge.svg itself; a larger one would make the badge heavier than the page it sits on needs. */
const BADGE_LOGO_MAX_BYTES = 8 * 1024;

// The first bytes of each raster type (PNG: RFC 2083 §3.1; WebP: RIFF....WEBP; WOFF/WOFF2 and OpenType/TrueType signatures).
const SIGNATURES: Record<string, (b: Buffer) => boolean> = {
  '.png': (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  '.webp': (b) => b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP',
  '.ico': (b) => b.readUInt32BE(0) === 0x00000100,
  '.woff2': (b) => b.toString('latin1', 0, 4) === 'wOF2',
  '.woff': (b) => b.toString('latin1', 0, 4) === 'wOFF',
  '.ttf': (b) => b.readUInt32BE(0) === 0x00010000 || b.toString('latin1', 0, 4) === 'true',
  '.otf': (b) => b.toString('latin1', 0, 4) === 'OTTO',
  '.svg': (b) => /<svg[\s>]/.test(b.toString('utf8')),
};

// An SVG is served from the site's own origin: one that scripts could act there when opened by itself.
const ACTIVE_SVG = /<script|<foreignObject|\son[a-z]+\s*=|javascript:/i;

const kb = (n: number) => `${Math.round(n / 1024)} KB`;

function checkFile(dir: string, file: string, field: string, maxBytes: number): ContentProblem | undefined {
  const at = join(dir, file);
  const problem = (message: string): ContentProblem => ({ file: join(dir, CONTENT_FILE_NAMES.business), field, message });
  let bytes: Buffer;
  try {
    if (statSync(at).size > maxBytes) return problem(`${file} is ${kb(statSync(at).size)}, more than the ${kb(maxBytes)} a file sent with every page may be`);
    bytes = readFileSync(at);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return problem(code === 'ENOENT' ? `${file} is not in the content folder (${dir})` : `${file} cannot be read (${code})`);
  }
  const ext = file.slice(file.lastIndexOf('.')).toLowerCase();
  const looksRight = SIGNATURES[ext] ?? (() => true);
  if ((ext !== '.svg' && bytes.length < 12) || !looksRight(bytes)) return problem(`${file} is not a ${ext.slice(1).toUpperCase()} file`);
  if (ext === '.svg' && ACTIVE_SVG.test(bytes.toString('utf8'))) return problem(`${file} has scripts or event handlers; remove them (an SVG logo needs none)`);
  return undefined;
}

/** The brand's files, checked; a ContentError naming the key of each bad one. */
export function loadBrandAssets(dir: string, business: Business): BrandAssets {
  const brand = business.brand;
  let theme: string | undefined;
  try {
    if (statSync(join(dir, THEME_CSS_FILE)).isFile()) theme = THEME_CSS_FILE;
  } catch {}
  const assets = brandAssets(brand, theme);
  const problems = [
    assets.logo && checkFile(dir, assets.logo.file, 'brand.logo.file', LOGO_MAX_BYTES),
    brand?.favicon && checkFile(dir, brand.favicon, 'brand.favicon', LOGO_MAX_BYTES),
    assets.font && checkFile(dir, assets.font.file, 'brand.font.file', FONT_MAX_BYTES),
    theme && statSync(join(dir, theme)).size > THEME_MAX_BYTES
      ? { file: join(dir, theme), message: `is more than ${kb(THEME_MAX_BYTES)}; a theme is a few rules over the custom properties (docs/theming.md)` }
      : undefined,
  ].filter((p): p is ContentProblem => p !== undefined);
  if (problems.length) throw new ContentError(problems);
  if (assets.logo) {
    const bytes = readFileSync(join(dir, assets.logo.file));
    assets.logo.hash = sha256Base64url(bytes).slice(0, 16);
    const size = imageSize(bytes, extname(assets.logo.file).toLowerCase());
    if (size) Object.assign(assets.logo, size);
    if (bytes.length <= BADGE_LOGO_MAX_BYTES) assets.logo.inline = `data:${contentTypeFor(assets.logo.path)};base64,${bytes.toString('base64')}`;
  }
  return assets;
}
