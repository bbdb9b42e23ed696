import { defineConfig } from 'vitest/config';

/**
 * The quick lane (`npm run test:unit`): the pure core and the routes in process, with no host
 * tool, browser or MCP conformance run. Everything else is the rest of `npm test`.
 */
const UNIT = [
  'test/core/**/*.test.ts',
  'test/insights/**/*.test.ts',
  'test/search/**/*.test.ts',
  'test/site/page-data.test.ts',
  'test/hub/address.test.ts',
  'test/hub/candidates.test.ts',
  'test/cloudflare/kept-assets.test.ts',
  'test/import/titles.test.ts',
  'test/import/units.test.ts',
  'test/architecture.test.ts',
  'test/comments.test.ts',
  'test/line-width.test.ts',
  'test/settings-docs.test.ts',
  'test/package/config-file.test.ts',
  'test/surface.test.ts',
];

/**
 * The MCP suites that hold for any host, run a second time against the Worker (preview:worker,
 * workerd) by MCP_TARGET (test/helpers/mcp.ts): the same files, no copies.
 */
const MCP_ON_WORKER = ['test/mcp/client.test.ts', 'test/mcp/parity.test.ts', 'test/mcp/modern.test.ts', 'test/mcp/conformance.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 180_000,
    // Build and end-to-end suites start real processes; two cores do not like many at once.
    maxWorkers: 2,
    // the folder of the builds test files share (test/helpers/shared-build.ts)
    globalSetup: ['test/helpers/global-setup.ts'],
    projects: [
      { extends: true, test: { name: 'unit', include: UNIT } },
      { extends: true, test: { name: 'rest', include: ['test/**/*.test.ts'], exclude: UNIT } },
      { extends: true, test: { name: 'mcp-worker', include: MCP_ON_WORKER, env: { MCP_TARGET: 'worker' } } },
    ],
  },
});
