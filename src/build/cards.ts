// The preview cards drawn: satori lays out the card as SVG, resvg turns it into a PNG. A card
// whose URL the previous build has already drawn is taken from it, since the URL is a hash of
// everything the card shows.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { renderAsync } from '@resvg/resvg-js';
import satori from 'satori';
import { imageSize } from './image-size.ts';
import { CARD_HEIGHT, CARD_WIDTH, type CardData, cardPath } from '../core/site/cards.ts';

const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve('@fontsource/noto-sans/package.json')), 'files');
// Noto Sans (SIL Open Font License), Latin and Latin Extended: every language the interface has.
const FONT_FILES = ['latin-400', 'latin-700', 'latin-ext-400', 'latin-ext-700'];

type Node = { type: string; props: Record<string, unknown> & { children?: unknown } };
const h = (type: string, style: Record<string, unknown>, children?: unknown, extra: Record<string, unknown> = {}): Node => ({
  type,
  props: { style, ...extra, ...(children === undefined ? {} : { children }) },
});

let fonts: { name: string; data: Buffer; weight: 400 | 700; style: 'normal' }[] | undefined;
function loadFonts() {
  fonts ??= FONT_FILES.map((f) => ({
    name: 'Noto Sans',
    data: readFileSync(join(FONT_DIR, `noto-sans-${f}-normal.woff`)),
    weight: f.endsWith('700') ? 700 : 400,
    style: 'normal',
  }));
  return fonts;
}

/** The band of brand colour around the card's panel, in pixels. */
const FRAME = 40;
const STAR = 'M12 2l3.09 6.26L22 9.27l-5 4.87 1.18 6.88L12 17.77l-6.18 3.25L7 14.14 2 9.27l6.91-1.01z';
const starUri = (color: string, filled: boolean) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">` +
      `<path d="${STAR}" fill="${filled ? color : 'none'}" stroke="${color}" stroke-width="1.5"/></svg>`,
  )}`;

function logoNode(file: string): Node | undefined {
  const ext = file.slice(file.lastIndexOf('.')).toLowerCase();
  const bytes = readFileSync(file);
  const size = imageSize(bytes, ext);
  // satori draws PNG and SVG; a WebP logo is left off the card
  if (!size) return undefined;
  const scale = Math.min(520 / size.width, 110 / size.height);
  const type = ext === '.svg' ? 'image/svg+xml' : 'image/png';
  return h('img', {}, undefined, {
    src: `data:${type};base64,${bytes.toString('base64')}`,
    width: Math.round(size.width * scale),
    height: Math.round(size.height * scale),
  });
}

function cardTree(card: CardData, logoFile: string | undefined): Node {
  const c = card.colors;
  const logo = logoFile ? logoNode(logoFile) : undefined;
  const stars = Array.from({ length: 5 }, (_, i) => h('img', {}, undefined, { src: starUri(c.star, i < (card.stars ?? 0)), width: 56, height: 56 }));
  const panel = h(
    'div',
    {
      display: 'flex',
      flexDirection: 'column',
      justifyContent: 'space-between',
      width: CARD_WIDTH - 2 * FRAME,
      height: CARD_HEIGHT - 2 * FRAME,
      boxSizing: 'border-box',
      padding: '56px 64px',
      background: c.surface,
      borderRadius: 28,
      color: c.text,
    },
    [
      h('div', { display: 'flex', flexDirection: 'column', gap: 12 }, [
        ...(logo ? [logo] : []),
        h('div', { fontSize: logo ? 44 : 60, fontWeight: 700, lineHeight: 1.15 }, card.business),
        ...(card.heading ? [h('div', { fontSize: 40, color: c.muted }, card.heading)] : []),
      ]),
      card.rating === undefined
        ? h('div', { display: 'flex', height: 16, background: c.brand, borderRadius: 8 })
        : h('div', { display: 'flex', alignItems: 'center', gap: 28 }, [
            h('div', { fontSize: 120, fontWeight: 700, lineHeight: 1 }, card.rating),
            h('div', { display: 'flex', flexDirection: 'column', gap: 8 }, [
              h('div', { display: 'flex', gap: 6 }, card.stars === undefined ? [] : stars),
              h('div', { fontSize: 40, color: c.muted }, card.count ?? ''),
            ]),
          ]),
    ],
  );
  return h(
    'div',
    { display: 'flex', width: CARD_WIDTH, height: CARD_HEIGHT, padding: FRAME, background: c.brand, fontFamily: 'Noto Sans', boxSizing: 'border-box' },
    [panel],
  );
}

/** One card's PNG; resvg draws it on libuv's thread pool, beside whatever the build does meanwhile. */
export async function renderCard(card: CardData, logoFile: string | undefined): Promise<Uint8Array> {
  const svg = await satori(cardTree(card, logoFile) as Parameters<typeof satori>[0], { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: loadFonts() });
  return (await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } })).asPng();
}

/**
 * Every card's PNG by URL path, started before Astro renders the pages so that the two overlap;
 * a card the previous build has (same URL, so same content) is read from it instead.
 */
export async function renderCards(
  cards: readonly CardData[],
  previousSiteDir: string | undefined,
  logoFile: string | undefined,
): Promise<Map<string, Uint8Array>> {
  const drawn = cards.map(async (card): Promise<[string, Uint8Array]> => {
    const path = cardPath(card);
    const before = previousSiteDir && join(previousSiteDir, path);
    return [path, before && existsSync(before) ? readFileSync(before) : await renderCard(card, logoFile)];
  });
  return new Map(await Promise.all(drawn));
}

/** PNGs the build drew (the cards, the home-screen icon), each at its URL path under the site. */
export function writePngs(pngs: ReadonlyMap<string, Uint8Array>, siteDir: string): void {
  for (const [path, png] of pngs) {
    mkdirSync(dirname(join(siteDir, path)), { recursive: true });
    writeFileSync(join(siteDir, path), png);
  }
}
