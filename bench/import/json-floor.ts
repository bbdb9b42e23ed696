// The floor an import cannot go under: read and JSON.parse every export file and the
// current reviews.json, then JSON.stringify reviews.json and write it. Run by bench:import
// as its own process, like the import, so both pay the same start-up.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [exportPath, reviewsFile, outFile] = process.argv.slice(2) as [string, string, string];
const files = statSync(exportPath).isDirectory() ? readdirSync(exportPath).map((f) => join(exportPath, f)) : [exportPath];
let parsed = 0;
for (const f of files) parsed += (JSON.parse(readFileSync(f, 'utf8')) as { reviews?: unknown[] }).reviews?.length ?? 0;
const reviews = JSON.parse(readFileSync(reviewsFile, 'utf8')) as unknown[];
writeFileSync(outFile, `${JSON.stringify(reviews, null, 2)}\n`);
process.stdout.write(`${parsed} ${reviews.length}\n`);
