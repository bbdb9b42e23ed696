// What the widget takes from the brand: the derived colours it draws with (the host page may
// override each as a custom property) and the logo's path.
import type { Business } from '../schemas/business.ts';
import type { BrandAssets } from './brand.ts';
import { derivePalette, type Palette } from './palette.ts';

type WidgetColors = Pick<Palette, 'accent' | 'star' | 'brand' | 'on-brand'>;

export interface WidgetBrand {
  light: WidgetColors;
  dark: WidgetColors;
  logo?: string;
}

const pick = (p: Palette): WidgetColors => ({ accent: p.accent, star: p.star, brand: p.brand, 'on-brand': p['on-brand'] });

/** The logo is a path: the widget loads it from the origin it was itself loaded from, like its data. */
export function widgetBrand(business: Business, assets: BrandAssets): WidgetBrand {
  // the widget sits on the host's page, so it follows the reader's scheme even where the brand pins one for its own pages
  const [light, dark] = (['light', 'dark'] as const).map((s) => pick(derivePalette(business.brand, s))) as [WidgetColors, WidgetColors];
  return { light, dark, ...(assets.logo && { logo: assets.logo.path }) };
}

/** Where the widget's source takes the brand (src/widget/reviews-widget.ts). */
export const WIDGET_BRAND_PLACEHOLDER = '/* build: widget brand */ null';
