// Times buildInsights on synthetic reviews (--reviews N, default 20,000; --sentences K, at
// most K sentences a review, default 8), next to a baseline measured in the same run:
// JSON.stringify + JSON.parse of the same dataset.
import { parseArgs } from 'node:util';
import type { Dataset } from '../../src/core/content/dataset.ts';
import { newestFirst } from '../../src/core/content/order.ts';
import { buildInsights } from '../../src/core/insights/build.ts';
import { detectLanguage } from '../../src/core/insights/detect.ts';
import { EN } from '../../src/core/insights/lang-en.ts';
import type { Business } from '../../src/core/schemas/business.ts';
import { InsightsAnalysisSchema } from '../../src/core/schemas/insights.ts';
import type { Review } from '../../src/core/schemas/review.ts';
import { business as testBusiness } from '../../test/helpers/insights/fixtures.ts';
import { mulberry32 } from '../../tools/sample/generate.ts';

const { values } = parseArgs({
  options: {
    reviews: { type: 'string', default: '20000' },
    sentences: { type: 'string', default: '8' },
    german: { type: 'string', default: '0.3' },
  },
});
const N = Number(values.reviews);
const MAX_SENTENCES = Number(values.sentences);
/** Share of reviews written in German (analysed with the German pack after detection). */
const GERMAN_SHARE = Number(values.german);

// seeded, so every run benchmarks the same text
const random = mulberry32(20240517);
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;

/** The insights tests' business with more places, services and technicians for its reviews to name. */
const business: Business = {
  ...testBusiness,
  service_areas: ['Springfield', 'Oak Park', 'Riverside', 'Maple Grove', 'Lakeview'],
  services: [
    { id: 'ac-repair', name: 'AC Repair', synonyms: ['air conditioning repair', 'AC not cooling', 'air conditioner'] },
    { id: 'furnace-repair', name: 'Furnace Repair', synonyms: ['heater repair', 'no heat'] },
    { id: 'water-heater', name: 'Water Heater Installation', synonyms: ['water heater', 'tankless water heater'] },
    { id: 'drain-cleaning', name: 'Drain Cleaning', synonyms: ['clogged drain', 'sewer line'] },
    { id: 'panel-upgrade', name: 'Electrical Panel Upgrade', synonyms: ['panel upgrade', 'breaker panel'] },
    { id: 'duct-cleaning', name: 'Duct Cleaning', synonyms: ['air ducts'] },
  ],
  technicians: [
    { name: 'Mike Alvarez' },
    { name: 'Mike Chen' },
    { name: 'Carlos Ruiz' },
    { name: 'Priya Patel' },
    { name: 'Dave Johnson' },
    { name: 'Jenna Scott' },
  ],
};

const TECH_WORDS = ['Mike', 'Carlos', 'Priya', 'Dave', 'Jenna', 'Mike Chen', 'the technician', 'the tech', 'our plumber', 'the electrician'];
const JOBS = [
  'AC repair',
  'water heater',
  'clogged drain',
  'panel upgrade',
  'duct cleaning',
  'furnace repair',
  'AC not cooling',
  'sewer line',
  'tankless water heater',
];
const SENTENCES = [
  (t: string) => `${t} showed up right on time and got to work.`,
  (t: string) => `${t} was 40 minutes late and didn't call.`,
  (t: string) => `${t} was polite and explained everything clearly.`,
  (t: string) => `${t} was a bit pushy about the maintenance plan.`,
  (t: string) => `${t} clearly knew what he was doing.`,
  (t: string) => `${t} couldn't figure out the problem.`,
  (_: string, j: string) => `The price for the ${j} was fair.`,
  (_: string, j: string) => `They charged way too much for the ${j}.`,
  (_: string, j: string) => `The ${j} works perfectly now.`,
  (_: string, j: string) => `Two days later the ${j} was leaking again.`,
  () => 'They wore shoe covers and cleaned up after themselves.',
  () => 'Left a mess in the basement.',
  () => 'Same-day service, which was great.',
  () => 'The first available appointment was two weeks out.',
  () => 'They followed up a week later to make sure everything was fine.',
  () => 'Nobody ever called back about the warranty.',
  () => 'Honest and upfront about the cost, no upselling.',
  () => 'I felt like they tried to upsell me.',
  () => 'Highly recommend!',
  () => "Wouldn't recommend them.",
  () => 'We live in Oak Park and they came out the same day.',
  () => 'Not the cheapest, but the work was top notch.',
  (t: string) => `Although ${t} arrived late, the installation was flawless.`,
  () => 'Called on Monday about a leak under the kitchen sink.',
];

const GERMAN_TECHS = ['Mike', 'Carlos', 'Priya', 'Herr Johnson', 'Frau Scott', 'Der Monteur', 'Der Techniker', 'Unser Installateur'];
const GERMAN_JOBS = ['die Heizung', 'die Therme', 'den Abfluss', 'den Warmwasserspeicher', 'die Klimaanlage', 'das Bad'];
const GERMAN = [
  (t: string) => `${t} kam pünktlich und hat sofort mit der Arbeit angefangen.`,
  (t: string) => `${t} kam 40 Minuten zu spät und hat nicht angerufen.`,
  (t: string) => `${t} war sehr freundlich und hat alles gut erklärt.`,
  (t: string) => `${t} wusste genau, was er tut.`,
  (_: string, j: string) => `Der Preis für ${j} war fair.`,
  (_: string, j: string) => `Für ${j} wurde viel zu viel berechnet.`,
  (_: string, j: string) => `Zwei Tage später war ${j} wieder undicht.`,
  () => 'Sie haben Überzieher getragen und alles sauber hinterlassen.',
  () => 'Der nächste freie Termin war erst in zwei Wochen.',
  () => 'Niemand hat wegen der Garantie zurückgerufen.',
  () => 'Ehrlich und transparent bei den Kosten.',
  () => 'Kann ich nur weiterempfehlen!',
  () => 'Nicht die günstigsten, aber die Arbeit war top.',
  () => 'Unser Abfluss war verstopft und musste gereinigt werden.',
];

function makeReview(i: number): Review {
  const year = 2021 + Math.floor(random() * 5);
  const month = 1 + Math.floor(random() * 12);
  const day = 1 + Math.floor(random() * 28);
  const count = random() < 0.08 ? 0 : 1 + Math.floor(random() * MAX_SENTENCES);
  const german = random() < GERMAN_SHARE;
  const text = Array.from({ length: count }, () =>
    german ? pick(GERMAN)(pick(GERMAN_TECHS), pick(GERMAN_JOBS)) : pick(SENTENCES)(pick(TECH_WORDS), pick(JOBS)),
  ).join(' ');
  const techs = random() < 0.5 ? [pick(business.technicians).name] : [];
  return {
    id: `r${String(i).padStart(6, '0')}`,
    date: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
    rating: 1 + Math.floor(random() * 5),
    text,
    author: { name: 'Sample C.' },
    verified: true,
    source: 'google',
    technicians: [...new Set(techs)],
    services: random() < 0.6 ? [pick(business.services).id] : [],
    ...(random() < 0.7 ? { service_area: pick(business.service_areas) } : {}),
  };
}

const dataset: Dataset = {
  business,
  reviews: Array.from({ length: N }, (_, i) => makeReview(i)).sort(newestFirst),
  editorial: { summary: { headline: 'Sample', text: 'Sample.' }, faq: [] },
};

const seconds = (t0: number) => (performance.now() - t0) / 1000;

let t0 = performance.now();
JSON.parse(JSON.stringify(dataset));
const baseline = seconds(t0);

t0 = performance.now();
const first = buildInsights(dataset);
const cold = seconds(t0);

const warm: number[] = [];
let again: ReturnType<typeof buildInsights> | undefined;
for (let r = 0; r < 2; r++) {
  t0 = performance.now();
  again = buildInsights(dataset);
  warm.push(seconds(t0));
}
const bytes = JSON.stringify(first);
InsightsAnalysisSchema.parse(first);

// What language detection alone costs (it runs inside buildInsights for every review with text)
t0 = performance.now();
const detected = new Map<string, number>();
for (const r of dataset.reviews) {
  if (r.text.trim() === '') continue;
  const language = detectLanguage(r.text, business.language);
  detected.set(language, (detected.get(language) ?? 0) + 1);
}
const detection = seconds(t0);

// The English reading gate (gate.ts) against the analyser without it, alternating, in this run
const gate = EN.gate;
const withGate: number[] = [];
const withoutGate: number[] = [];
let ungated = '';
for (let r = 0; r < 2; r++) {
  EN.gate = undefined;
  t0 = performance.now();
  ungated = JSON.stringify(buildInsights(dataset));
  withoutGate.push(seconds(t0));
  EN.gate = gate;
  t0 = performance.now();
  buildInsights(dataset);
  withGate.push(seconds(t0));
}
const best = (xs: number[]) => Math.min(...xs);

const words = dataset.reviews.reduce((n, r) => n + (r.text ? r.text.split(/\s+/).length : 0), 0);
const lines = [
  `reviews: ${N} (${words} words of text; ${Math.round(GERMAN_SHARE * 100)} % written in German), node ${process.version}`,
  `languages detected: ${[...detected]
    .sort()
    .map(([l, n]) => `${l} ${n}`)
    .join(', ')}; detection alone: ${detection.toFixed(3)} s`,
  `coverage: ${first.coverage.analysed} of ${first.coverage.reviews_with_text} reviews with text analysed`,
  `baseline JSON.stringify+parse of the dataset: ${baseline.toFixed(3)} s`,
  `buildInsights, first run: ${cold.toFixed(3)} s (${(cold / baseline).toFixed(1)}x baseline)`,
  `buildInsights, warm runs: ${warm.map((w) => w.toFixed(3)).join(' s, ')} s (best ${(Math.min(...warm) / baseline).toFixed(1)}x baseline)`,
  `warm runs with and without the English gate: ${withGate.map((w) => w.toFixed(3)).join(', ')} s against ${withoutGate
    .map((w) => w.toFixed(3))
    .join(', ')} s (best ${(best(withGate) / best(withoutGate)).toFixed(2)}x); output changed by the gate: ${ungated !== bytes}`,
  `output: ${(bytes.length / 1024).toFixed(1)} KiB of JSON; identical across runs: ${JSON.stringify(again) === bytes}`,
  `budget: 10 s for 20,000 reviews -> ${cold < 10 * (N / 20_000) ? 'within' : 'OVER'}`,
];
process.stdout.write(`${lines.join('\n')}\n`);
