// `reviews check`: the content folder validated as the build reads it, then what the owner
// could add to business.json that init could not know.
import { loadBrandAssets } from '../../src/build/brand-files.ts';
import { loadContentDir } from '../../src/build/content-dir.ts';
import { evidenceCounts } from '../../src/core/content/published.ts';
import { ContentError } from '../../src/core/content/dataset.ts';
import type { Business } from '../../src/core/schemas/business.ts';
import { readSettings } from '../../src/settings/index.ts';
import type { Env } from '../../src/settings/table.ts';

/** What a visitor, a search engine or an agent would gain from each field, when it is missing. */
export function worthAdding(business: Business): string[] {
  const a = business.address;
  return [
    !business.telephone && 'telephone: shown on the page and in the business card search engines read',
    !business.url && "url: the business's own website, if it has one (its Google profile can go in same_as)",
    !a.street_address && business.service_areas.length === 0 && 'address.street_address, or service_areas for a business that goes to its customers',
    !a.locality && 'address.locality (and region, postal_code): the town shown under the name',
    business.services.length === 0 && 'services: each with an id, a name and the words customers use, so reviews are counted per service',
    business.technicians.length === 0 && 'technicians: the names customers mention, so reviews are counted per person',
    !business.description && 'description: one or two sentences shown on the page',
  ].filter((line): line is string => typeof line === 'string');
}

export function checkContent(env: Env): number {
  const settings = readSettings(env);
  let dataset: ReturnType<typeof loadContentDir>;
  try {
    dataset = loadContentDir(settings.contentDir, settings.publishReviews);
    loadBrandAssets(settings.contentDir, dataset.business);
  } catch (error) {
    if (!(error instanceof ContentError)) throw error;
    console.error(error.message);
    console.error(`reviews: The content in ${settings.contentDir} does not validate; fix the fields named above and run \`reviews check\` again.`);
    return 1;
  }
  const left = dataset.left_out?.unverified ?? 0;
  const e = evidenceCounts(dataset.reviews);
  const kinds = `${e.job} matched to a job, ${e.platform} verified by their platform, ${e.owner} marked verified by the owner, ${e.none} without evidence`;
  const leftOut = left ? `; ${left} without evidence left out (PUBLISH_REVIEWS=verified)` : '';
  console.log(`${settings.contentDir} is valid: ${dataset.reviews.length} published reviews (${kinds})${leftOut}.`);
  const missing = worthAdding(dataset.business);
  if (missing.length > 0) console.log(`Worth adding to ${settings.contentDir}/business.json:\n${missing.map((m) => `  - ${m}`).join('\n')}`);
  return 0;
}
