import { copyFileSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build as astroBuild } from 'astro';
import { planSinceDates } from '../core/documents/since.ts';
import { MANIFEST_FILE } from '../core/http/manifest.ts';
import { siteUrls } from '../core/http/urls.ts';
import type { Catalogue } from '../core/i18n/catalogue.ts';
import { CATALOGUES } from '../core/i18n/catalogues.ts';
import { catalogueProblems } from '../core/i18n/check.ts';
import { businessLocale } from '../core/i18n/locale.ts';
import type { Settings } from '../settings/index.ts';
import { adoptInsights, insightsDocument } from '../core/documents/documents.ts';
import { brandFiles } from '../core/site/brand.ts';
import { type CardData, cardData, siteCard } from '../core/site/cards.ts';
import { allFacets, facets } from '../core/site/facets.ts';
import { loadBrandAssets } from './brand-files.ts';
import { loadContentDir } from './content-dir.ts';
import { compiledSources } from './compiled-sources.ts';
import { renderTouchIcon } from './touch-icon.ts';
import { type BuildContext, contextModule } from './context-module.ts';
import { writeDeployFolders } from './deploy/index.ts';
import { renderCards, writePngs } from './cards.ts';
import { computeManifest } from './manifest.ts';
import { bundleMcpApp } from './mcp-app.ts';
import { astroWorkDir, currentBuild, newBuildDir, pruneBuilds, readManifest, removeLeftovers, swapIn } from './output-dir.ts';

export interface BuildResult {
  buildDir: string;
  reviewCount: number;
  files: number;
  bytes: number;
}

/**
 * Validates the content, builds the site into a fresh folder, writes the manifest and the
 * CDN files, and only then swaps it in. Any failure leaves the previous build in place and
 * removes this build's partial output; what killed builds left behind goes first.
 */
export interface BuildOptions {
  /** The interface catalogues (default: every one in src/core/i18n/catalogues/); tests add their own. */
  catalogues?: Readonly<Record<string, Catalogue>>;
  /** The Worker's Cron Trigger for the watch of the sources (`watchCron` of src/settings/watch.ts); none without it */
  watchCron?: string | undefined;
}

/**
 * What the pages are rendered from, prepared once, in steps: the content read and validated,
 * the interface language checked, the since dates within the size budget planned, the
 * insights analysed (the costliest step: about 1 s at 20,000 reviews), the MCP App bundled.
 * The build and the dev server (scripts/dev.ts) both start from it.
 */
export function prepareBuildContext(settings: Settings, options: BuildOptions = {}): BuildContext {
  const dataset = loadContentDir(settings.contentDir, settings.publishReviews);
  const brand = loadBrandAssets(settings.contentDir, dataset.business);
  const catalogues = options.catalogues ?? CATALOGUES;
  const broken = Object.values(catalogues).flatMap(catalogueProblems);
  if (broken.length) throw new Error(broken.join('\n'));
  const { warning } = businessLocale(dataset.business, catalogues);
  if (warning) console.warn(`warning: ${warning}`);
  const sinceDates = planSinceDates(dataset.reviews, settings.sinceBudgetBytes);
  const insights = insightsDocument(dataset);
  return { siteUrl: siteUrls(settings.siteUrl).base, dataset, insights, sinceDates, catalogues, mcpApp: bundleMcpApp(dataset.business.brand), brand };
}

/** The preview card of the home page and of each facet page, as the pages name them. */
function pageCards(context: BuildContext): CardData[] {
  const { dataset, brand } = context;
  adoptInsights(dataset, context.insights);
  const { locale } = businessLocale(dataset.business, context.catalogues);
  return [cardData(dataset, locale, brand), siteCard(dataset, locale, brand), ...allFacets(facets(dataset)).map((f) => cardData(dataset, locale, brand, f))];
}

let buildsInProcess = 0;

/** `<time>-<pid>`, or `<time>-<n>-<pid>` for the n-th further build of this process, so that builds in one process never share a folder. */
function newBuildId(now: Date): string {
  const n = buildsInProcess++;
  return `${now.toISOString().replace(/[-:.]/g, '')}${n ? `-${n}` : ''}-${process.pid}`;
}

export async function buildSite(settings: Settings, root: string, now = new Date(), options: BuildOptions = {}): Promise<BuildResult> {
  const context = prepareBuildContext(settings, options);
  removeLeftovers(settings.outDir, root);
  const previousDir = currentBuild(settings.outDir);
  const buildId = newBuildId(now);
  const buildDir = newBuildDir(settings.outDir, buildId);
  let result: BuildResult;
  try {
    result = await buildInto(buildDir, buildId, previousDir, context, settings, root, now, options.watchCron);
  } catch (error) {
    try {
      rmSync(buildDir, { recursive: true, force: true });
    } catch {
      // the next build removes it (removeLeftovers)
    }
    throw error;
  }
  swapIn(settings.outDir, buildDir);
  pruneBuilds(settings.outDir, previousDir ? [buildDir, previousDir] : [buildDir]);
  return result;
}

async function buildInto(
  buildDir: string,
  buildId: string,
  previousDir: string | undefined,
  context: BuildContext,
  settings: Settings,
  root: string,
  now: Date,
  watchCron: string | undefined,
): Promise<BuildResult> {
  const urls = siteUrls(settings.siteUrl);
  const siteDir = join(buildDir, 'site');

  const { dataset, sinceDates } = context;
  const workDir = join(astroWorkDir(root), buildId);
  const logo = context.brand.logo && join(settings.contentDir, context.brand.logo.file);
  const cards = renderCards(pageCards(context), previousDir && join(previousDir, 'site'), logo);
  const icon = context.brand.touchIcon;
  const touchIcon = icon && renderTouchIcon(join(settings.contentDir, icon.file), dataset.business.brand);
  // awaited below; a failure of Astro's first must not leave these unhandled
  cards.catch(() => {});
  touchIcon?.catch(() => {});
  try {
    await renderSite(context, root, workDir, siteDir);
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
  writePngs(await cards, siteDir);
  for (const { file, path } of brandFiles(context.brand)) {
    mkdirSync(join(siteDir, path, '..'), { recursive: true });
    copyFileSync(join(settings.contentDir, file), join(siteDir, path));
  }
  if (icon && touchIcon) writePngs(new Map([[icon.path, await touchIcon]]), siteDir);

  const previous = previousDir ? readManifest(previousDir) : undefined;
  const manifest = computeManifest(siteDir, urls, previous, now, buildId, sinceDates);
  await writeDeployFolders(buildDir, manifest, {
    sidecarUrl: settings.sidecarUrl,
    workerName: settings.workerName,
    maxAgeS: settings.cacheMaxAgeS,
    cloudflareValidators: settings.cloudflareValidators,
    newSessionsPerMinute: settings.mcpNewSessionsPerMinute,
    watchCron,
  });
  writeFileSync(join(buildDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 1)}\n`);
  const entries = Object.values(manifest.resources);
  return { buildDir, reviewCount: dataset.reviews.length, files: entries.length, bytes: entries.reduce((n, e) => n + e.size, 0) };
}

/**
 * Astro renders into a work folder of this build's own inside the project: Astro writes its
 * intermediate bundle of the pages next to its output when that is under the working directory
 * (and to `<cwd>/.astro/` otherwise), and the bundle must sit where `node_modules` resolves.
 * The finished site then moves into the build folder.
 */
async function renderSite(context: BuildContext, root: string, workDir: string, siteDir: string): Promise<void> {
  const outDir = join(workDir, 'site');
  if (!outDir.startsWith(join(process.cwd(), '/'))) {
    throw new Error(
      `Run the build from the project folder (${root}) or a folder above it: Astro ` +
        `writes its intermediate files under the working directory (${process.cwd()})`,
    );
  }
  mkdirSync(outDir, { recursive: true });
  await astroBuild({
    root,
    outDir,
    cacheDir: join(workDir, 'cache'),
    site: context.siteUrl,
    logLevel: 'warn',
    vite: { plugins: [compiledSources(), contextModule(context)] },
  });
  moveDir(outDir, siteDir);
}

/** A rename, or a copy where the build folder is on another file system (the copy file by file, whose errors name the disk's state: ENOSPC, EROFS). */
function moveDir(from: string, to: string): void {
  try {
    renameSync(from, to);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
    copyDir(from, to);
  }
}

function copyDir(from: string, to: string): void {
  mkdirSync(to);
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory()) copyDir(join(from, entry.name), join(to, entry.name));
    else copyFileSync(join(from, entry.name), join(to, entry.name));
  }
}
