// Writes seeded sample content: node tools/sample/main.ts [--count N] [--seed S] [--out DIR] [--end YYYY-MM-DD]
import { parseArgs } from 'node:util';
import { generateContent, writeContent } from './generate.ts';

const USAGE = 'usage: node tools/sample/main.ts [--count N] [--seed S] [--out DIR] [--end YYYY-MM-DD]';

function integer(flag: string, value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isSafeInteger(n)) throw new Error(`--${flag} must be an integer, got "${value}"`);
  return n;
}

function main(argv: string[]): void {
  const { values } = parseArgs({
    args: argv,
    options: {
      count: { type: 'string', default: '640' },
      seed: { type: 'string', default: '20260101' },
      out: { type: 'string', default: 'content' },
      end: { type: 'string', default: '2026-11-15' },
    },
    strict: true,
  });
  const content = generateContent({ seed: integer('seed', values.seed), reviewCount: integer('count', values.count), endDate: values.end });
  writeContent(values.out, content);
  const dates = content.reviews.map((r) => r.date);
  console.log(`Wrote ${content.reviews.length} reviews (${dates[0] ?? '-'} to ${dates.at(-1) ?? '-'}) to ${values.out}/`);
}

try {
  main(process.argv.slice(2));
} catch (err) {
  console.error(`${(err as Error).message}\n${USAGE}`);
  process.exitCode = 1;
}
