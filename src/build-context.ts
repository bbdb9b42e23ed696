// What Astro endpoints need at build time, handed over by astro.config.mjs through Vite's
// `define` (see src/env.d.ts), and the dataset they all share, loaded once per build.
import { loadContentDir } from './build/content-dir.ts';
import type { Dataset } from './core/content/dataset.ts';
import { siteUrls } from './core/http/urls.ts';

export interface BuildContext {
  siteUrl: string;
  contentDir: string;
  sinceBudgetBytes: number;
}

declare const __BUILD_CONTEXT__: BuildContext;

export const buildContext: BuildContext = __BUILD_CONTEXT__;
export const urls = siteUrls(buildContext.siteUrl);

let dataset: Dataset | undefined;
export function getDataset(): Dataset {
  dataset ??= loadContentDir(buildContext.contentDir);
  return dataset;
}
