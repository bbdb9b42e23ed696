// Where the brand's files are served, and what the header shows: pure facts both the build
// (which copies the files) and the pages (which link them) read.
import type { Brand } from '../schemas/brand.ts';
import type { Business } from '../schemas/business.ts';

/** A file of the content folder, and the URL path the site serves it at. */
export interface BrandFile {
  /** Relative to the content folder, as business.json names it ("theme.css" when present). */
  file: string;
  path: string;
  /** A hash of the file's bytes, set by the build that read it. */
  hash?: string;
  /** The file as a data: URI, for a small logo that an SVG badge (which loads nothing) draws. */
  inline?: string;
  /** The logo's intrinsic size in CSS pixels, where the build could read it (SVG, PNG). */
  width?: number;
  height?: number;
}

export interface BrandAssets {
  logo?: BrandFile;
  favicon?: BrandFile;
  font?: BrandFile;
  theme?: BrandFile;
  /** The home-screen icon the build draws from `file` (the favicon, else the logo): not a copy. */
  touchIcon?: BrandFile;
}

/** Apple's size for `apple-touch-icon`, which Android reads too; the platform rounds the corners. */
export const TOUCH_ICON_SIZE = 180;
/** What the build can draw a home-screen icon from (ICO and WebP it cannot). */
const DRAWABLE = /\.(svg|png)$/i;

const extension = (file: string) => file.slice(file.lastIndexOf('.')).toLowerCase();

/** The URL paths of the brand's files; `theme` when the content folder has a theme.css. */
export function brandAssets(brand: Brand | undefined, theme: string | undefined): BrandAssets {
  const at = (file: string | undefined, name: string): BrandFile | undefined => (file ? { file, path: `/brand/${name}${extension(file)}` } : undefined);
  const logo = at(brand?.logo?.file, 'logo');
  const favicon = at(brand?.favicon, 'favicon') ?? (logo && { ...logo });
  const drawn = [favicon, logo].find((f) => f && DRAWABLE.test(f.file));
  return {
    ...(logo && { logo }),
    ...(favicon && { favicon }),
    ...(brand?.font?.file && { font: at(brand.font.file, 'font') as BrandFile }),
    ...(theme && { theme: { file: theme, path: '/theme.css' } }),
    ...(drawn && { touchIcon: { file: drawn.file, path: '/brand/touch-icon.png' } }),
  };
}

/** The files to copy into a build, each once (a favicon that is the logo is the logo's file). */
export function brandFiles(assets: BrandAssets): BrandFile[] {
  const seen = new Set<string>();
  return [assets.logo, assets.favicon, assets.font, assets.theme].filter((f): f is BrandFile => {
    if (!f || seen.has(f.path)) return false;
    seen.add(f.path);
    return true;
  });
}

/** The header's links: the client's home page, the booking page, the phone as a button. */
export interface HeaderLinks {
  home?: string;
  booking?: string;
  phone?: string;
}

export function headerLinks(business: Business): HeaderLinks {
  const links = business.brand?.links;
  const home = links?.home ?? business.url;
  const phone = links?.phone === false ? undefined : business.telephone;
  return { ...(home && { home }), ...(links?.booking && { booking: links.booking }), ...(phone && { phone }) };
}

export const logoAlt = (business: Business) => business.brand?.logo?.alt ?? business.name;
