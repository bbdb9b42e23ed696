// The icon a phone shows for the site on its home screen: the brand's favicon (else its logo)
// centred on the brand colour, where the header band shows the logo, as a square PNG.
import { readFileSync } from 'node:fs';
import { renderAsync } from '@resvg/resvg-js';
import { contentTypeFor } from '../core/http/media.ts';
import type { Brand } from '../core/schemas/brand.ts';
import { TOUCH_ICON_SIZE } from '../core/site/brand.ts';
import { derivePalette } from '../core/site/palette.ts';

/** The margin around the picture: a tenth of each side, inside the corners the platform rounds. */
const MARGIN = Math.round(TOUCH_ICON_SIZE / 10);

export async function renderTouchIcon(file: string, brand: Brand | undefined): Promise<Uint8Array> {
  const size = TOUCH_ICON_SIZE;
  const inner = size - 2 * MARGIN;
  const href = `data:${contentTypeFor(file)};base64,${readFileSync(file).toString('base64')}`;
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}">`,
    `<rect width="${size}" height="${size}" fill="${derivePalette(brand, 'light').brand}"/>`,
    `<image x="${MARGIN}" y="${MARGIN}" width="${inner}" height="${inner}" preserveAspectRatio="xMidYMid meet" href="${href}"/>`,
    '</svg>',
  ].join('');
  return (await renderAsync(svg, { fitTo: { mode: 'original' }, font: { loadSystemFonts: false } })).asPng();
}
