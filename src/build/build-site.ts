import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build as astroBuild } from 'astro';
import { type BuildContext, provideBuildContext } from './context-handoff.ts';
import { loadContentDir } from './content-dir.ts';
import { planSinceDates } from '../core/documents/since.ts';
import { siteUrls } from '../core/http/urls.ts';
import type { Catalogue } from '../core/i18n/catalogue.ts';
import { CATALOGUES } from '../core/i18n/catalogues.ts';
import { businessLocale } from '../core/i18n/locale.ts';
import { catalogueProblems } from '../core/i18n/check.ts';
import type { Settings } from '../settings/index.ts';
import { writeDeployFolders } from './deploy/index.ts';
import { MANIFEST_FILE } from '../core/http/manifest.ts';
import { computeManifest } from './manifest.ts';
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
}

/**
 * What the pages are rendered from, prepared once: the content read and validated, the
 * interface language, the since dates within the size budget. The build and the dev server
 * (scripts/dev.ts) both start from it.
 */
export function prepareBuildContext(settings: Settings, options: BuildOptions = {}): BuildContext {
  const dataset = loadContentDir(settings.contentDir);
  const catalogues = options.catalogues ?? CATALOGUES;
  const broken = Object.values(catalogues).flatMap(catalogueProblems);
  if (broken.length) throw new Error(broken.join('\n'));
  const { locale, warning } = businessLocale(dataset.business, catalogues);
  if (warning) console.warn(`warning: ${warning}`);
  const sinceDates = planSinceDates(dataset.reviews, settings.sinceBudgetBytes);
  return { siteUrl: siteUrls(settings.siteUrl).base, dataset, sinceDates, locale, catalogues };
}

export async function buildSite(settings: Settings, root: string, now = new Date(), options: BuildOptions = {}): Promise<BuildResult> {
  const context = prepareBuildContext(settings, options);
  removeLeftovers(settings.outDir, root);
  const previousDir = currentBuild(settings.outDir);
  const buildId = `${now.toISOString().replace(/[-:.]/g, '')}-${process.pid}`;
  const buildDir = newBuildDir(settings.outDir, buildId);
  let result: BuildResult;
  try {
    result = await buildInto(buildDir, buildId, previousDir, context, settings, root, now);
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
): Promise<BuildResult> {
  const urls = siteUrls(settings.siteUrl);
  const siteDir = join(buildDir, 'site');

  const { dataset, sinceDates } = context;
  // Astro puts its intermediate server build in `<cwd>/.astro/` when outDir is outside the
  // working directory. A working folder of its own per build (inside the project, so the
  // chunks still resolve node_modules) keeps concurrent builds apart.
  const cwd = process.cwd();
  const workDir = join(astroWorkDir(root), buildId);
  mkdirSync(workDir, { recursive: true });
  process.chdir(workDir);
  provideBuildContext(context);
  try {
    await astroBuild({ root, outDir: siteDir, logLevel: 'warn', site: urls.base });
  } finally {
    provideBuildContext(undefined);
    process.chdir(cwd);
    rmSync(workDir, { recursive: true, force: true });
  }

  const previous = previousDir ? readManifest(previousDir) : undefined;
  const manifest = computeManifest(siteDir, urls, previous, now, buildId, sinceDates);
  await writeDeployFolders(buildDir, manifest, {
    sidecarUrl: settings.sidecarUrl,
    maxAgeS: settings.cacheMaxAgeS,
    cloudflareValidators: settings.cloudflareValidators,
  });
  writeFileSync(join(buildDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 1)}\n`);
  const entries = Object.values(manifest.resources);
  return { buildDir, reviewCount: dataset.reviews.length, files: entries.length, bytes: entries.reduce((n, e) => n + e.size, 0) };
}
