// `npm run dev` serves the brand's files (logo, favicon, font, theme.css) from the content
// folder at the paths the build copies them to, so the pages look as they will once built.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { contentTypeFor } from '../core/http/media.ts';
import { type BrandAssets, brandFiles } from '../core/site/brand.ts';

export function brandDevFiles(contentDir: string, assets: BrandAssets): Plugin {
  const files = new Map(brandFiles(assets).map((f) => [f.path, join(contentDir, f.file)]));
  return {
    name: 'reviews-service:brand-files',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const file = files.get((req.url ?? '').split('?')[0] as string);
        if (!file) return next();
        res.setHeader('content-type', contentTypeFor(req.url as string));
        res.end(readFileSync(file));
      });
    },
  };
}
