// @ts-check
// The build runs Astro programmatically (src/build/build-site.ts), which adds `site` and the
// output folder; settings are read once, by the build's entry file.
import { defineConfig } from 'astro/config';

export default defineConfig({
  output: 'static',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
});
