import type { APIRoute } from 'astro';
import { getBrandAssets, getDataset, getLocale } from '../build-context.ts';
import { aggregateRating } from '../core/content/aggregate.ts';
import { badgeSvg } from '../core/site/badge.ts';
import { derivePalette } from '../core/site/palette.ts';

const { business } = getDataset();
const palette = derivePalette(business.brand, 'light');
const logo = getBrandAssets().logo?.inline;
const brand = business.brand?.color ? { color: palette.brand, onColor: palette['on-brand'], ...(logo && { logo }) } : undefined;

export const GET: APIRoute = () => new Response(badgeSvg(aggregateRating(getDataset().reviews), getLocale(), brand));
