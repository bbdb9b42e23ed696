// Debian's Chromium through playwright-core (scripts/harness/chromium.ts), and what makes a page fail a test.
import type { Page } from 'playwright-core';

export { CHROMIUM, launchChromium } from '../../scripts/harness/chromium.ts';

/** Records what makes a page fail a test: page errors, failed requests and error responses. */
export function watchProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  // A request the page's own next navigation cancels (a favicon still loading when a link is
  // clicked) ends in net::ERR_ABORTED: that is the browser's doing, not a failure of the server.
  page.on('requestfailed', (r) => {
    if (r.failure()?.errorText !== 'net::ERR_ABORTED') problems.push(`request failed: ${r.url()} (${r.failure()?.errorText})`);
  });
  page.on('response', (r) => {
    if (r.status() >= 400) problems.push(`${r.status()} ${r.url()}`);
  });
  return problems;
}
