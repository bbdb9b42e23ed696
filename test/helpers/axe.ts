// axe-core run in a page: the serious and critical violations, each with up to three of its elements.
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { ROOT } from './paths.ts';

const AXE = join(ROOT, 'node_modules', 'axe-core', 'axe.min.js');

/** In a page, or in one of its frames (an MCP App's iframe); `rules` runs only those (all by default). */
export async function axeViolations(page: Page | Frame, rules?: string[]): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async (only) => {
    const axe = (
      window as unknown as {
        axe: { run: (ctx: Document, options: object) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    const result = await axe.run(document, only ? { runOnly: { type: 'rule', values: only } } : {});
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map(
        (v) =>
          `${v.id}: ${v.nodes
            .map((n) => n.target.join(' '))
            .slice(0, 3)
            .join(', ')}`,
      );
  }, rules);
}
