// Where the Google reviews are: a Takeout export (folder or .zip) or pages of the API.
import { lstatSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import type { GoogleFile } from '../core/import/google.ts';
import { ZipReader } from './zip.ts';

// Takeout/Google Business Profile/account-<id>/location-<id>/reviews.json, and its page
// files reviews-001.json … The product folder's name is localised, so it is not matched.
const TAKEOUT_REVIEWS = /(?:^|\/)account-[^/]+\/(location-([^/]+))\/reviews[^/]*\.json$/i;
// The owner's own reviews of other places: never this business's reviews.
const MAPS_DECOY = /(?:^|\/)Maps \(your places\)\/Reviews\.json$/i;

const MAX_DEPTH = 8;
const MAX_JSON_BYTES = 256 * 1024 * 1024;

export interface FoundFiles {
  files: GoogleFile[];
  notes: string[];
}

function classify(paths: string[], read: (p: string) => string, label: (p: string) => string): FoundFiles {
  const notes: string[] = [];
  const decoys = paths.filter((p) => MAPS_DECOY.test(p));
  for (const d of decoys) notes.push(`${label(d)} ignored: it holds your own reviews of other places, not reviews of your business.`);
  const takeout = paths.filter((p) => TAKEOUT_REVIEWS.test(p)).sort();
  return {
    files: takeout.map((p) => ({ name: label(p), text: read(p), location: (TAKEOUT_REVIEWS.exec(p) as RegExpExecArray)[2] as string })),
    notes,
  };
}

function walk(root: string): string[] {
  const out: string[] = [];
  const visit = (dir: string, depth: number) => {
    if (depth > MAX_DEPTH) return;
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = join(dir, entry.name);
      // Symbolic links are not followed: an export is plain files.
      if (entry.isDirectory()) visit(full, depth + 1);
      else if (entry.isFile() && entry.name.toLowerCase().endsWith('.json')) out.push(relative(root, full).split(sep).join('/'));
    }
  };
  visit(root, 0);
  return out;
}

function readJsonFile(path: string): string {
  const size = lstatSync(path).size;
  if (size > MAX_JSON_BYTES) throw new Error(`${path}: is ${size} bytes, more than the ${MAX_JSON_BYTES} a review file can be`);
  return readFileSync(path, 'utf8');
}

/** The review files of one path: a .zip, a Takeout folder, a folder of API pages, or one page. */
export function findGoogleFiles(path: string): FoundFiles {
  // The path the owner names may be a link; inside it, links are not followed.
  const stat = statSync(path);
  if (stat.isFile() && /\.zip$/i.test(path)) {
    const zip = new ZipReader(path);
    try {
      const byName = new Map(zip.entries.map((e) => [e.name, e]));
      const found = classify(
        [...byName.keys()],
        (name) => zip.readEntry(byName.get(name) as never).toString('utf8'),
        (name) => `${path}:${name}`,
      );
      if (found.files.length === 0)
        found.notes.push(`${path}: no account-*/location-*/reviews*.json in the archive (is it a Google Business Profile Takeout?)`);
      return found;
    } finally {
      zip.close();
    }
  }
  if (stat.isDirectory()) {
    const all = walk(path);
    const found = classify(
      all,
      (p) => readJsonFile(join(path, p)),
      (p) => join(path, p),
    );
    if (found.files.length > 0) return found;
    // Not a Takeout: the JSON pages of reviews.list saved side by side, read in name order.
    const pages = all.filter((p) => !p.includes('/') && !MAPS_DECOY.test(p)).sort();
    return { files: pages.map((p) => ({ name: join(path, p), text: readJsonFile(join(path, p)) })), notes: found.notes };
  }
  if (stat.isFile()) {
    if (MAPS_DECOY.test(path.split(sep).join('/')))
      return { files: [], notes: [`${path} ignored: it holds your own reviews of other places, not reviews of your business.`] };
    return { files: [{ name: path, text: readJsonFile(path) }], notes: [] };
  }
  throw new Error(`${path}: is not a file or folder`);
}
