// `npm run dev` serves the brand's files (logo, favicon, font, theme.css, the home-screen icon)
// from the content folder at the paths the build writes them to, so the pages look as they will
// once built.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { contentTypeFor } from '../core/http/media.ts';
import type { Brand } from '../core/schemas/brand.ts';
import { type BrandAssets, brandFiles } from '../core/site/brand.ts';
import { renderTouchIcon } from './touch-icon.ts';

export function brandDevFiles(contentDir: string, assets: BrandAssets, brand: Brand | undefined): Plugin {
  const files = new Map(brandFiles(assets).map((f) => [f.path, join(contentDir, f.file)]));
  const icon = assets.touchIcon;
  return {
    name: 'reviews-service:brand-files',
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? '').split('?')[0] as string;
        const file = files.get(path);
        if (file) {
          res.setHeader('content-type', contentTypeFor(path));
          res.end(readFileSync(file));
        } else if (icon && path === icon.path) {
          renderTouchIcon(join(contentDir, icon.file), brand).then((png) => {
            res.setHeader('content-type', contentTypeFor(path));
            res.end(png);
          }, next);
        } else next();
      });
    },
  };
}
