import type { Brand } from '../schemas/brand.ts';
import type { BrandAssets } from './brand.ts';
import { themeCss } from './palette.ts';

/** The pages' stylesheet: the brand's custom properties first, then the rules that read them. */
export const siteCss = (rules: string, brand: Brand | undefined, assets: BrandAssets): string => `${themeCss(brand, assets.font?.path)}${rules}`;
