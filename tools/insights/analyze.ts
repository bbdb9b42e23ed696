// Aspect analysis of arbitrary text, outside the build.
// stdin:  JSON lines {"id": "...", "text": "...", "rating": 1-5 (optional: the review's stars),
//         "language": "de" (optional: the text's language; detected as the build does, with English as the fallback)}
// stdout: JSON lines {"id": "...", "language": "de", "analysed": true, "aspects": [{"aspect": "...", "polarity": "..."}]}
//         ("analysed": false and no aspects for a language the insights do not analyse)
// A bad line is reported on stderr with its line number and skipped; the exit code is 1
// if any line was bad. Blank lines are ignored.
import { createInterface } from 'node:readline';
import { analyzeText, aspectPolarities } from '../../src/core/insights/analyze.ts';
import { detectLanguage } from '../../src/core/insights/detect.ts';
import { baseLanguage, LANGUAGES } from '../../src/core/insights/languages.ts';

const LANGUAGE_TAG = /^[a-z]{2,3}(-[A-Z]{2})?$/;

interface Input {
  id: string;
  text: string;
  rating?: number;
  language?: string;
}

function parse(line: string): Input | string {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (err) {
    return `not valid JSON (${(err as Error).message})`;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'expected a JSON object {"id": "...", "text": "..."}';
  const { id, text } = value as { id?: unknown; text?: unknown };
  if (typeof id !== 'string' || id === '') return '"id" must be a non-empty string';
  if (typeof text !== 'string') return `"text" must be a string (id "${id}")`;
  const { rating, language } = value as { rating?: unknown; language?: unknown };
  const input: Input = { id, text };
  if (rating !== undefined) {
    if (typeof rating !== 'number' || !Number.isInteger(rating) || rating < 1 || rating > 5) return `"rating" must be a whole number from 1 to 5 (id "${id}")`;
    input.rating = rating;
  }
  if (language !== undefined) {
    if (typeof language !== 'string' || !LANGUAGE_TAG.test(language)) return `"language" must be a language code such as "en" or "de" (id "${id}")`;
    input.language = language;
  }
  return input;
}

process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  // The reader went away (e.g. piped into head): stop quietly.
  if (err.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw err;
});

let lineNo = 0;
let bad = 0;
const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  lineNo += 1;
  if (line.trim() === '') continue;
  const input = parse(line);
  if (typeof input === 'string') {
    bad += 1;
    process.stderr.write(`insights:analyze: line ${lineNo}: ${input}\n`);
    continue;
  }
  const language = baseLanguage(input.language ?? detectLanguage(input.text, 'en'));
  const analysed = LANGUAGES[language] !== undefined;
  const aspects = analysed ? aspectPolarities(analyzeText(input.text, { rating: input.rating, language })) : [];
  if (!process.stdout.write(`${JSON.stringify({ id: input.id, language, analysed, aspects })}\n`)) {
    await new Promise((resolve) => process.stdout.once('drain', resolve));
  }
}
if (bad > 0) {
  process.stderr.write(`insights:analyze: ${bad} of ${lineNo} lines were invalid\n`);
  process.exitCode = 1;
}
