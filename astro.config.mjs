// @ts-check
import { defineConfig } from 'astro/config';
import { readSettings } from './src/settings.ts';

const settings = readSettings(process.env);

export default defineConfig({
  site: settings.siteUrl,
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  vite: {
    define: {
      __BUILD_CONTEXT__: JSON.stringify({
        siteUrl: settings.siteUrl,
        contentDir: settings.contentDir,
        sinceBudgetBytes: settings.sinceBudgetBytes,
      }),
    },
  },
});
