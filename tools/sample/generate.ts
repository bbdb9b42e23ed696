// Seeded, deterministic sample content for a fictional home-services company.
// Pure: the same options always give the same content (no clock, no Math.random).
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { jobsJson } from '../../src/core/jobs/jobs-file.ts';
import type { JobsFile, VerificationFile } from '../../src/core/jobs/records.ts';
import type { Business } from '../../src/core/schemas/business.ts';
import { isCalendarDate } from '../../src/core/schemas/dates.ts';
import type { Editorial } from '../../src/core/schemas/editorial.ts';
import type { Review } from '../../src/core/schemas/review.ts';
import { sampleJobs } from './jobs.ts';

export interface GenerateOptions {
  seed: number;
  reviewCount: number;
  /** YYYY-MM-DD: the date of the newest review. */
  endDate: string;
  years?: number;
}

export interface GeneratedContent {
  business: Business;
  reviews: Review[];
  editorial: Editorial;
  /** content/jobs.json and content/verification.json: the job records reviews are matched to */
  jobs: JobsFile;
  verification: VerificationFile;
}

interface Rng {
  next(): number;
  int(min: number, max: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  weighted<T>(items: readonly (readonly [T, number])[]): T;
  sample<T>(items: readonly T[], k: number): T[];
}

/** mulberry32: a small seeded generator (no Math.random, so output is reproducible). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function createRng(seed: number): Rng {
  const next = mulberry32(seed);
  function pick<T>(items: readonly T[]): T {
    return items[Math.floor(next() * items.length)]!;
  }
  function weighted<T>(items: readonly (readonly [T, number])[]): T {
    let r = next() * items.reduce((sum, [, w]) => sum + w, 0);
    for (const [item, w] of items) {
      r -= w;
      if (r < 0) return item;
    }
    return items[items.length - 1]![0];
  }
  function sample<T>(items: readonly T[], k: number): T[] {
    const copy = [...items];
    for (let i = 0; i < k; i++) {
      const j = i + Math.floor(next() * (copy.length - i));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, k);
  }
  return { next, int: (min, max) => min + Math.floor(next() * (max - min + 1)), chance: (p) => next() < p, pick, weighted, sample };
}

type Trade = 'hvac' | 'plumbing' | 'electrical';

interface ServiceDef {
  id: string;
  name: string;
  synonyms: string[];
  trade: Trade;
  /** A new installation: "they didn't try to sell me a new unit" would contradict it. */
  install?: boolean;
  /** Noun phrases for "Had them out for …"; each contains the name or a synonym. */
  phrases: string[];
  /** Situation sentences; each contains the name or a synonym. */
  stories: string[];
}

const COMPANY = 'Brightwater Home Services';
/** The sample's logo, written beside business.json: a drop in a house on a white disc, readable on any band colour. */
export const SAMPLE_LOGO = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="64" height="64">
  <circle cx="32" cy="32" r="31" fill="#ffffff" stroke="#0e7490" stroke-width="2"/>
  <path d="M12 32 32 14l20 18h-6v16H18V32z" fill="#0e7490"/>
  <path d="M32 25c-4 6-7 9.5-7 13a7 7 0 0 0 14 0c0-3.5-3-7-7-13z" fill="#fbbf24"/>
</svg>
`;

// Synonyms never overlap across services, and no other template contains one,
// so the services a text mentions are exactly the ones the review lists.
const SERVICES: ServiceDef[] = [
  {
    id: 'ac-repair',
    name: 'AC Repair',
    synonyms: ['air conditioning', 'A/C', 'AC not cooling', 'air conditioner'],
    trade: 'hvac',
    phrases: ['an AC repair', 'our air conditioning', 'a broken air conditioner', 'our A/C'],
    stories: [
      'AC not cooling on a 98° day, with a newborn in the house.',
      "Our café's A/C quit right before the lunch rush.",
      'The air conditioner was blowing warm air and making a grinding noise.',
    ],
  },
  {
    id: 'ac-install',
    name: 'AC Installation',
    synonyms: ['new AC unit', 'AC replacement', 'heat pump'],
    trade: 'hvac',
    install: true,
    phrases: ['a new AC unit', 'an AC replacement', 'a heat pump', 'a full AC installation'],
    stories: ['Our 22-year-old system finally died, so we got quotes for an AC replacement.', 'We switched from window units to a heat pump this spring.'],
  },
  {
    id: 'furnace-repair',
    name: 'Furnace Repair',
    synonyms: ['no heat', 'furnace not working', 'pilot light', 'heating repair'],
    trade: 'hvac',
    phrases: ['a furnace repair', 'a heating repair', 'a pilot light that kept going out'],
    stories: ['Woke up to no heat on the coldest morning of the year.', 'Furnace not working the week before Thanksgiving, of course.'],
  },
  {
    id: 'furnace-install',
    name: 'Furnace Installation',
    synonyms: ['new furnace', 'furnace replacement', 'high-efficiency furnace'],
    trade: 'hvac',
    install: true,
    phrases: ['a new furnace', 'a furnace replacement', 'a high-efficiency furnace', 'a furnace installation'],
    stories: [
      'Our old furnace had a cracked heat exchanger, so it was time for a furnace replacement.',
      'We finally upgraded to a high-efficiency furnace before winter.',
    ],
  },
  {
    id: 'water-heater',
    name: 'Water Heater Service',
    synonyms: ['water heater', 'hot water', 'tankless'],
    trade: 'plumbing',
    phrases: ['a water heater', 'a tankless install', 'our water heater'],
    stories: ['No hot water with a house full of guests.', 'The water heater was leaking from the bottom of the tank.'],
  },
  {
    id: 'drain-cleaning',
    name: 'Drain Cleaning',
    synonyms: ['clogged drain', 'slow drain', 'main line', 'backed-up sink'],
    trade: 'plumbing',
    phrases: ['a clogged drain', 'drain cleaning', 'a backed-up sink', 'the main line'],
    stories: ['We had a backed-up sink on Thanksgiving morning.', 'The basement floor had a slow drain for months, then it stopped completely.'],
  },
  {
    id: 'leak-repair',
    name: 'Leak Repair',
    synonyms: ['leaking pipe', 'burst pipe', 'pipe leak', 'slab leak'],
    trade: 'plumbing',
    phrases: ['a leaking pipe', 'a burst pipe', 'a slab leak', 'a leak repair'],
    stories: ['A burst pipe in the crawl space during a cold snap.', 'We had a pipe leak behind the bathroom wall and a water bill that doubled.'],
  },
  {
    id: 'panel-upgrade',
    name: 'Electrical Panel Upgrade',
    synonyms: ['panel upgrade', 'electrical panel', 'breaker box', '200 amp service'],
    trade: 'electrical',
    install: true,
    phrases: ['a panel upgrade', 'an electrical panel upgrade', 'our old breaker box', '200 amp service'],
    stories: ["Our 1970s breaker box couldn't handle the new kitchen.", 'The home inspector flagged our electrical panel when we were selling.'],
  },
  {
    id: 'electrical-repair',
    name: 'Electrical Repair',
    synonyms: ['flickering lights', 'outlet not working', 'tripping breaker', 'rewiring'],
    trade: 'electrical',
    phrases: ['an electrical repair', 'flickering lights', 'a tripping breaker', 'some rewiring'],
    stories: ['Half the kitchen had an outlet not working and a tripping breaker.', 'We had flickering lights every time the dryer ran.'],
  },
  {
    id: 'ev-charger-install',
    name: 'EV Charger Installation',
    synonyms: ['EV charger', 'Level 2 charger', 'car charger', 'Tesla charger'],
    trade: 'electrical',
    install: true,
    phrases: ['an EV charger', 'a Level 2 charger', 'a Tesla charger in the garage'],
    stories: [
      'We bought an electric car and needed a Level 2 charger in the garage.',
      'Getting a car charger installed was the last step before the new car arrived.',
    ],
  },
  {
    id: 'thermostat-install',
    name: 'Thermostat Installation',
    synonyms: ['smart thermostat', 'Nest thermostat', 'Ecobee', 'new thermostat'],
    trade: 'hvac',
    install: true,
    phrases: ['a smart thermostat', 'a new thermostat', 'an Ecobee', 'a Nest thermostat'],
    stories: ['We wanted a smart thermostat that actually works with our system.', 'The old dial thermostat died, so we went with an Ecobee.'],
  },
  {
    id: 'duct-cleaning',
    name: 'Duct Cleaning',
    synonyms: ['air ducts', 'ductwork', 'vent cleaning', 'dryer vent'],
    trade: 'hvac',
    phrases: ['duct cleaning', 'our air ducts', 'a dryer vent cleaning'],
    stories: ['After the remodel, the ductwork was full of drywall dust.', 'Allergies were terrible, so we finally had the air ducts done.'],
  },
  {
    id: 'maintenance-plan',
    name: 'Maintenance Plan',
    synonyms: ['tune-up', 'annual maintenance', 'service plan', 'maintenance agreement'],
    trade: 'hvac',
    phrases: ['a tune-up', 'our annual maintenance', 'the maintenance plan visit'],
    stories: ["We've been on their service plan for a few years now.", 'Scheduled the spring tune-up before the heat hit.'],
  },
];

// Two Mikes on purpose: a first-name mention alone cannot tell them apart.
const TECHNICIANS: { name: string; role: string; trades: Trade[] }[] = [
  { name: 'Mike Reyes', role: 'HVAC Technician', trades: ['hvac'] },
  { name: 'Mike Okafor', role: 'Licensed Electrician', trades: ['electrical'] },
  { name: 'José Martínez', role: 'Lead HVAC Technician', trades: ['hvac'] },
  { name: "Zoë O'Brien", role: 'Master Plumber', trades: ['plumbing'] },
  { name: 'Đức Nguyễn', role: 'HVAC Installer', trades: ['hvac'] },
  { name: 'Priya Raman', role: 'Electrician', trades: ['electrical'] },
  { name: 'Tomasz Kowalski', role: 'Plumber', trades: ['plumbing'] },
  { name: 'Aaliyah Brooks', role: 'Service Technician', trades: ['hvac', 'plumbing'] },
];

const AREAS: (readonly [string, number])[] = [
  ['Colorado Springs', 40],
  ['Fountain', 8],
  ['Monument', 8],
  ['Manitou Springs', 5],
  ['Woodland Park', 5],
  ['Security-Widefield', 7],
  ['Falcon', 7],
  ['Pueblo', 9],
  ['Pueblo West', 6],
  ['Cañon City', 5],
];

function makeBusiness(): Business {
  return {
    name: COMPANY,
    description:
      'Family-owned heating, cooling, plumbing and electrical contractor serving the Pikes ' +
      'Peak region since 2009 — licensed, insured and on call 24/7 for emergencies.',
    url: 'https://www.brightwaterhome.example',
    telephone: '+1-719-555-0142',
    email: 'hello@brightwaterhome.example',
    address: { street_address: '4120 N Academy Blvd, Suite 200', locality: 'Colorado Springs', region: 'CO', postal_code: '80918', country: 'US' },
    geo: { latitude: 38.9103, longitude: -104.7925 },
    opening_hours: ['Mo-Fr 07:00-19:00', 'Sa 08:00-16:00'],
    price_range: '$$',
    founded: 2009,
    language: 'en',
    service_areas: AREAS.map(([name]) => name),
    services: SERVICES.map(({ id, name, synonyms }) => ({ id, name, synonyms })),
    technicians: TECHNICIANS.map(({ name, role }) => ({ name, role })),
    same_as: [
      'https://www.facebook.com/brightwaterhomeservices.example',
      'https://www.yelp.com/biz/brightwater-home-services-colorado-springs-example',
      'https://nextdoor.com/pages/brightwater-home-services-example',
    ],
    brand: {
      logo: { file: 'logo.svg', alt: COMPANY, replaces_title: false },
      color: '#0e7490',
      second_color: '#f59e0b',
      scheme: 'auto',
      links: { booking: 'https://www.brightwaterhome.example/book', phone: true },
    },
  };
}

function makeEditorial(): Editorial {
  const areas = AREAS.map(([name]) => name);
  return {
    summary: {
      headline: 'Fast, honest HVAC, plumbing & electrical work — with the odd scheduling hiccup',
      text:
        'Most customers praise technicians who arrive on time, explain the problem before fixing it and ' +
        "don't push replacements when a repair will do. Same-day service for no-heat and no-cooling calls " +
        'comes up again and again.\n\nThe complaints cluster around missed arrival windows in peak ' +
        'season, slow call-backs from the office and a few bills that came in above the estimate.',
    },
    faq: [
      {
        question: 'Which areas do you serve?',
        answer: `We serve ${areas.slice(0, -1).join(', ')} and ${areas.at(-1)}. Outside these towns, call us: we can often still help.`,
      },
      {
        question: 'Do you offer emergency service?',
        answer:
          'Yes. Technicians are on call 24/7 for no heat, no cooling, burst pipes and electrical ' +
          'hazards. After-hours visits carry a flat dispatch fee that we quote on the phone.',
      },
      {
        question: 'What warranty do you give on your work?',
        answer:
          'Repairs carry a one-year parts-and-labor warranty. New systems come with the ' +
          "manufacturer's 10-year parts warranty plus our own two-year labor warranty.",
      },
      {
        question: 'How are reviews verified?',
        answer:
          'A review is marked verified when we can match it to a completed job in our records: ' +
          "the reviewer's name and the date fit one customer's job. Reviews we cannot match are shown too, without the mark.",
      },
      {
        question: 'What does the maintenance plan include?',
        answer: 'Two tune-ups a year (heating in the fall, cooling in the spring), priority scheduling and 15% off repairs.',
      },
      { question: 'Can I ask for a specific technician?', answer: "Of course. Mention the technician when you book and we'll do our best to send them." },
    ],
  };
}

type Tone = 'pos' | 'mixed' | 'neg';

interface Aspect {
  pos: string[];
  neg: string[];
  repairOnly?: boolean;
}

// Clauses, lower-case and unpunctuated, so they combine into "X, but Y." as well as stand alone.
const ASPECTS: Aspect[] = [
  {
    // punctuality
    pos: [
      'they arrived on time',
      'the tech showed up right at the start of the window',
      'they were here within an hour of my call',
      'they were early, which never happens',
    ],
    neg: [
      'the tech was 2 hours late',
      'nobody showed up for the first appointment',
      "they weren't on time for either visit",
      'it was a no-show the first time and nobody called',
    ],
  },
  {
    // professionalism
    pos: [
      'everyone was polite and professional',
      'they wore shoe covers and treated our home with respect',
      'they were very professional from the first call to the invoice',
      'the crew was clean & professional',
    ],
    neg: ['the crew was rude when I asked questions', 'the tech spent half the visit on the phone', 'nobody seemed to know who was in charge'],
  },
  {
    // communication
    pos: [
      'they texted when on the way',
      'the office kept me updated the whole time',
      'they explained every option before starting',
      'I got a photo of the problem before they fixed it',
    ],
    neg: [
      'they never called back',
      'I had to call three times to get an update',
      'nobody told me the part was back-ordered',
      'the office gave me three different answers',
    ],
  },
  {
    // pricing
    pos: ['the price was fair', 'not cheap, but worth it', 'they quoted a flat rate up front and stuck to it', 'the price was lower than two other quotes'],
    neg: [
      'they overcharged for a 20-minute job',
      'the "diagnostic fee" somehow turned into $350',
      'the upsell was pushy',
      'the tech kept pushing a "comfort club" membership',
      'the final bill was double the estimate',
    ],
  },
  {
    // workmanship
    pos: [
      'they fixed it right the first time',
      'the work is neat and everything is labeled',
      "it's been running perfectly since",
      'the install looks better than the original',
    ],
    neg: [
      'the problem came back a week later',
      'I was told it was "just a capacitor" and it wasn\'t',
      'they had to come back twice to get it right',
      'the work failed the city inspection',
    ],
  },
  {
    // cleanliness
    pos: ['they cleaned up after themselves', 'they left the place cleaner than they found it', 'they put down drop cloths everywhere'],
    neg: ['they left a mess in the basement', 'there was drywall dust all over the hallway', 'they left the old parts in my driveway'],
  },
  {
    // scheduling
    pos: ['we got same-day service', 'they fit us in on a Saturday', 'booking online took two minutes'],
    neg: ['I had to wait a week for an appointment', 'they rescheduled on me twice', 'the earliest slot was ten days out'],
  },
  {
    // expertise
    pos: ['the tech knew exactly what was wrong', 'they diagnosed it in about ten minutes', 'they found a problem two other companies missed'],
    neg: ['the tech seemed to be guessing', 'they replaced three parts before finding the real problem'],
  },
  {
    // honesty
    repairOnly: true,
    pos: [
      "they didn't try to sell me a new unit",
      'the tech said "don\'t replace it yet, it\'s got years left"',
      'they told me the cheaper fix would work fine',
    ],
    neg: ['they tried to convince me I needed a whole new system', 'they quoted a full replacement for a $30 part'],
  },
  {
    // follow-up
    pos: ['they called the next day to check on everything', 'the office followed up a week later to make sure all was good'],
    neg: ['nobody followed up after the repair', 'I never heard back about the warranty claim'],
  },
];

const NITPICKS = [
  'they showed up at the very end of the arrival window',
  'the office took a day to call me back',
  'it was a bit pricier than I expected',
  'we had to wait a few days for a part',
];
const NITPICK_FRAMES = ['Only knock: {c}.', 'Only reason for 4 stars is {c}.', 'Minor thing, but {c}.'];

const OPENINGS = ['Called Brightwater about {p}{in}.', 'Had them out for {p}{in}.', 'Booked them for {p}{in}.', 'Used them for {p}{in}.'];
const SECOND_SERVICE = ['While they were here, they also took care of {p}.', 'We also had them look at {p}.'];

const TECH_ONE: Record<Tone, string[]> = {
  pos: [
    '{t} was fantastic.',
    '{t} knew exactly what to do.',
    'Ask for {t}!',
    '{t} explained everything & even showed me the old part.',
    '{t} patiently answered all my naïve questions.',
    '{t} was friendly, fast and honest.',
    'Huge thanks to {t}.',
  ],
  mixed: ['{t} was nice enough, but seemed rushed.', '{t} did fine work, but I had to chase the office for the invoice.'],
  neg: ['{t} was dismissive when I asked questions.', '{t} seemed more interested in selling than fixing.', '{t} left without explaining what was done.'],
};
const TECH_TWO: Record<Tone, string[]> = {
  pos: ['{t} and {u} made a great team.', '{t} and {u} were in and out in two hours.'],
  mixed: ['{t} and {u} were friendly, but it took longer than quoted.'],
  neg: ["{t} and {u} couldn't agree on what was wrong."],
};

const CLOSINGS: Record<number, string[]> = {
  5: [
    'Highly recommend!',
    'Will definitely call them again.',
    '10/10 👍',
    'Love these guys <3',
    "Can't recommend them enough.",
    'Our new go-to for everything in the house.',
    'Thank you, Brightwater! ❄️',
  ],
  4: ['Would use again.', 'Overall a good experience.', 'Still recommend them.'],
  3: ['Might use them again, might not.', 'Decent, not great.', "Jury's still out."],
  2: ["Probably won't call again.", 'Expected better.'],
  1: ['Would not recommend.', 'Save yourself the headache & call someone else.', 'Zero stars if I could.', 'Buyer beware.'],
};

const UPDATES: Record<Tone, string[]> = {
  pos: ['Update: six months later and still running great.', 'Update: they came back for the annual check and were just as good.'],
  mixed: ['Update: the office called and apologized for the delay, which I appreciated.'],
  neg: ['Update: still no call back from the office.', 'Update: the owner called and offered a partial refund. Better than nothing.'],
};

const SHORT_TEXTS: Record<number, string[]> = {
  5: ['Great service!', 'Fast, friendly & fair. 👍', 'Excellent work as always.', 'Five stars, no notes.', 'Best in town.', 'Lifesavers 🔥'],
  4: ['Good work, a bit pricey.', 'Solid job.', 'Good people.'],
  3: ['It was fine, but nothing special.', 'OK service, but slow.'],
  2: ['Meh. Expected more.', 'Slow and expensive.'],
  1: ['No-show. Twice.', 'Terrible. Avoid.', 'Never called back.'],
};

const TITLES: Record<number, string[]> = {
  5: [
    'Great service',
    'Highly recommend',
    'Fast & friendly',
    'Lifesavers!',
    'Honest and fair',
    'Above and beyond',
    'Finally, a contractor who shows up',
    '{s} done right',
  ],
  4: ['Good work, small hiccup', 'Solid service', 'Mostly great', 'Good {s}'],
  3: ['Mixed experience', 'OK, not great', 'Good work, poor communication', 'Fine but pricey'],
  2: ['Disappointed', 'Not what I expected', 'Could be better'],
  1: ['Never again', 'Avoid', 'Overcharged', 'Terrible experience', 'Save your money', '{s}: never again'],
};

const RESPONSES: Record<Tone, string[]> = {
  pos: [
    "Thank you for the kind words! We're glad we could help.",
    "Thanks so much for choosing Brightwater. We'll share this with the whole team.",
    'We appreciate you taking the time to write this — see you next season!',
  ],
  mixed: [
    "Thanks for the honest feedback. We're working on tightening our arrival windows.",
    "We appreciate the feedback and we're sorry the visit wasn't perfect. Please call us if anything else comes up.",
  ],
  neg: [
    "We're sorry to hear this. Please call our office at (719) 555-0142 so we can make it right.",
    "This isn't the experience we want for anyone. Our service manager will reach out today.",
    "We apologize for the delay and the frustration. We've reviewed your job with the team and would like the chance to fix it.",
  ],
};

const HOSTILE = 'Their online booking form showed <script>alert(1)</script> instead of a calendar, so I just called.';

const FIRST_NAMES = [
  'Maria',
  'James',
  'Linda',
  'Robert',
  'Jennifer',
  'David',
  'Sarah',
  'Chris',
  'Karen',
  'Kevin',
  'Ashley',
  'Brian',
  'Emily',
  'Jason',
  'Megan',
  'Daniel',
  'Rachel',
  'Tyler',
  'Nicole',
  'Greg',
  'Bjørn',
  'Renée',
  'François',
  'Søren',
  'Małgorzata',
  'Siobhán',
  'Chloé',
  'Lucía',
  'Jürgen',
  'Anaïs',
  'Hana',
  'Kenji',
  'Wei',
  'Olu',
  'Fatima',
  'Dmitri',
  'Tomás',
  'Ngozi',
  'Connor',
  'Destiny',
  'Luis',
  'Amy',
];
const INITIALS = [...'ABCDEFGHIJKLMNOPRSTVWYZ'];
// Each appears at least once in every sample of this many reviews or more.
const SPECIAL_AUTHORS = [
  "O'Neil & Sons",
  '李 W.',
  'נועה ש.',
  'سارة م.',
  'Dave "DJ" P.',
  'R&B Properties <Mgmt>',
  'Ngọc Ánh T.',
  'Παναγιώτης Κ.',
  'Ольга С.',
  '<Anonymous>',
];

function authorName(rng: Rng): string {
  const first = rng.pick(FIRST_NAMES);
  return rng.chance(0.9) ? `${first} ${rng.pick(INITIALS)}.` : first;
}

const RATINGS: (readonly [number, number])[] = [
  [5, 70],
  [4, 10],
  [3, 4],
  [2, 4],
  [1, 12],
];
const SOURCES: (readonly [string, number])[] = [
  ['google', 72],
  ['yelp', 14],
  ['website', 9],
  ['nextdoor', 5],
];

interface Composition {
  text: string;
  services: string[];
  technicians: string[];
}

function toneOf(rating: number): Tone {
  return rating >= 4 ? 'pos' : rating === 3 ? 'mixed' : 'neg';
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const fill = (template: string, values: Record<string, string>) => template.replace(/\{(\w+)\}/g, (_, key: string) => values[key] ?? '');

function pickTechnicians(rng: Rng, service: ServiceDef): typeof TECHNICIANS {
  const count = rng.weighted([
    [0, 35],
    [1, 55],
    [2, 10],
  ] as const);
  return rng.sample(
    TECHNICIANS.filter((t) => t.trades.includes(service.trade)),
    count,
  );
}

function techSentence(rng: Rng, tone: Tone, techs: typeof TECHNICIANS): string {
  const first = (name: string) => name.split(' ')[0]!;
  const [a, b] = techs.map((t) => t.name);
  if (b !== undefined) {
    const sameFirst = first(a!) === first(b);
    return fill(rng.pick(TECH_TWO[tone]), { t: sameFirst ? a! : first(a!), u: sameFirst ? b : first(b) });
  }
  return fill(rng.pick(TECH_ONE[tone]), { t: rng.chance(0.3) ? a! : first(a!) });
}

function clause(rng: Rng, aspect: Aspect, tone: 'pos' | 'neg', combined = false): string {
  // "not cheap, but worth it" cannot take a second "but" or a "To be fair,"
  return rng.pick(combined ? aspect[tone].filter((c) => !c.includes(' but ')) : aspect[tone]);
}

function aspectSentences(rng: Rng, rating: number, install: boolean): string[] {
  const aspects = install ? ASPECTS.filter((a) => !a.repairOnly) : ASPECTS;
  const sentence = (c: string, end = '.') => capitalize(c) + end;
  if (rating === 5) return rng.sample(aspects, rng.int(1, 3)).map((a) => sentence(clause(rng, a, 'pos'), rng.chance(0.2) ? '!' : '.'));
  if (rating === 4) {
    const praise = rng.sample(aspects, rng.int(1, 2)).map((a) => sentence(clause(rng, a, 'pos')));
    return rng.chance(0.7) ? [...praise, fill(rng.pick(NITPICK_FRAMES), { c: rng.pick(NITPICKS) })] : praise;
  }
  if (rating === 3) {
    const [a, b, c] = rng.sample(aspects, 3);
    const [good, bad] = [clause(rng, a!, 'pos', true), clause(rng, b!, 'neg', true)];
    const mixed = rng.chance(0.5) ? `${capitalize(good)}, but ${bad}.` : `${capitalize(bad)}, but ${good}.`;
    return rng.chance(0.5) ? [mixed, sentence(clause(rng, c!, rng.chance(0.5) ? 'pos' : 'neg'))] : [mixed];
  }
  const complaints = rng.sample(aspects, rng.int(1, rating === 1 ? 3 : 2)).map((a) => sentence(clause(rng, a, 'neg')));
  return rating === 2 && rng.chance(0.5) ? [...complaints, `To be fair, ${clause(rng, rng.pick(aspects), 'pos', true)}.`] : complaints;
}

function introSentences(rng: Rng, services: ServiceDef[], area: string | undefined): string[] {
  const [main, extra] = services;
  const first = rng.chance(0.5)
    ? rng.pick(main!.stories)
    : fill(rng.pick(OPENINGS), { p: rng.pick(main!.phrases), in: area && rng.chance(0.5) ? ` in ${area}` : '' });
  return extra ? [first, fill(rng.pick(SECOND_SERVICE), { p: rng.pick(extra.phrases) })] : [first];
}

function composeText(rng: Rng, rating: number, area: string | undefined, hostile: boolean): Composition {
  if (!hostile && rng.chance(0.15)) return { text: rng.pick(SHORT_TEXTS[rating]!), services: [], technicians: [] };
  const tone = toneOf(rating);
  const services = rng.sample(SERVICES, rng.chance(0.18) ? 2 : 1);
  const techs = pickTechnicians(rng, services[0]!);
  const intro = introSentences(rng, services, area);
  const body = aspectSentences(
    rng,
    rating,
    services.some((s) => s.install),
  );
  if (techs.length) body.splice(rng.int(0, body.length), 0, techSentence(rng, tone, techs));
  if (hostile) body.push(HOSTILE);
  const outro = rng.chance(0.55) ? [rng.pick(CLOSINGS[rating]!)] : [];
  const update = rng.chance(0.03) ? [rng.pick(UPDATES[tone])] : [];
  const paragraphs = [intro, body, outro].filter((p) => p.length);
  const multi = update.length > 0 || (intro.length + body.length >= 4 && rng.chance(0.15));
  const text = multi
    ? [...paragraphs, update]
        .filter((p) => p.length)
        .map((p) => p.join(' '))
        .join('\n\n')
    : paragraphs.flat().join(' ');
  return { text, services: services.map((s) => s.id), technicians: techs.map((t) => t.name) };
}

function title(rng: Rng, rating: number, services: string[]): string {
  const service = SERVICES.find((s) => s.id === services[0]);
  const templates = TITLES[rating]!.filter((t) => service || !t.includes('{s}'));
  return fill(rng.pick(templates), { s: service?.name ?? '' });
}

const DAY_MS = 86_400_000;
const GROWTH = 2; // daily volume at the end is 1 + GROWTH times that at the start

const toDay = (date: string) => Date.parse(`${date}T00:00:00Z`) / DAY_MS;
const fromDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Inverse CDF of a density growing linearly from 1 to 1 + GROWTH over [0, 1]. */
function growing(u: number): number {
  return (Math.sqrt(1 + 2 * GROWTH * u * (1 + GROWTH / 2)) - 1) / GROWTH;
}

function reviewDays(rng: Rng, count: number, endDay: number, spanDays: number): number[] {
  const days: number[] = [];
  for (let i = 0; i < count; i++) {
    const previous = days[i - 1];
    if (i === count - 1)
      days.push(endDay); // the newest review falls on endDate itself
    else if (previous !== undefined && rng.chance(0.4))
      days.push(previous); // busy days
    // Stratified draws keep the growth visible even in small samples; days come out sorted.
    else days.push(endDay - Math.floor((1 - growing((i + rng.next()) / count)) * spanDays));
  }
  return days;
}

function response(rng: Rng, tone: Tone, day: number, endDay: number): Review['response'] {
  const rate = tone === 'pos' ? 0.34 : tone === 'mixed' ? 0.5 : 0.7;
  if (!rng.chance(rate)) return undefined;
  const lag = Math.floor(rng.next() ** 2 * 11); // most replies within a couple of days
  const text = rng.pick(RESPONSES[tone]) + (rng.chance(0.3) ? '\n\n— The Brightwater team' : '');
  return { date: fromDay(Math.min(day + lag, endDay)), text };
}

function makeReview(rng: Rng, index: number, day: number, endDay: number, special: { author?: string; hostile: boolean }): { review: Review; hadJob: boolean } {
  const rating = rng.weighted(RATINGS);
  const area = rng.chance(0.85) ? rng.weighted(AREAS) : undefined;
  const ratingOnly = !special.hostile && rng.chance(1 / 3);
  const body: Composition = ratingOnly ? { text: '', services: [], technicians: [] } : composeText(rng, rating, area, special.hostile);
  const heading = !ratingOnly && rng.chance(0.75) ? title(rng, rating, body.services) : undefined;
  const reply = response(rng, toneOf(rating), day, endDay);
  const author = special.author ?? authorName(rng);
  // Whether the reviewer was a customer: their job, not this flag, verifies them (./jobs.ts).
  const hadJob = rng.chance(0.98);
  const review: Review = {
    id: `r-${String(index + 1).padStart(6, '0')}`,
    date: fromDay(day),
    rating,
    ...(heading ? { title: heading } : {}),
    text: body.text,
    author: { name: author },
    verified: false,
    source: rng.weighted(SOURCES),
    technicians: body.technicians,
    services: body.services,
    ...(area ? { service_area: area } : {}),
    ...(reply ? { response: reply } : {}),
  };
  return { review, hadJob };
}

export function generateContent({ seed, reviewCount, endDate, years = 3.5 }: GenerateOptions): GeneratedContent {
  if (!Number.isSafeInteger(reviewCount) || reviewCount < 0) throw new RangeError(`reviewCount must be a non-negative integer, got ${reviewCount}`);
  if (!isCalendarDate(endDate)) throw new RangeError(`endDate must be a YYYY-MM-DD date, got "${endDate}"`);
  if (!(years > 0)) throw new RangeError(`years must be positive, got ${years}`);

  const rng = createRng(seed);
  const endDay = toDay(endDate);
  const days = reviewDays(rng, reviewCount, endDay, Math.round(years * 365.25));
  // Spread the special authors and the one hostile text evenly, so every sample has them.
  const specialAuthors = new Map(SPECIAL_AUTHORS.map((name, k) => [Math.floor(((k + 0.5) * reviewCount) / SPECIAL_AUTHORS.length), name]));
  const hostileIndex = Math.floor(reviewCount * 0.61);
  const made = days.map((day, i) => {
    const author = specialAuthors.get(i);
    return makeReview(rng, i, day, endDay, { ...(author ? { author } : {}), hostile: i === hostileIndex });
  });
  const business = makeBusiness();
  const { reviews, jobs, verification } = sampleJobs({
    // a stream of its own, so the jobs never move the reviews' draws
    random: mulberry32(seed ^ 0x6a0b5),
    reviews: made.map((m) => m.review),
    hadJob: made.map((m) => m.hadJob),
    technicians: business.technicians.map((t) => t.name),
    services: business.services.map((s) => s.id),
  });
  return { business, reviews, editorial: makeEditorial(), jobs, verification };
}

export function writeContent(dir: string, content: GeneratedContent): void {
  mkdirSync(dir, { recursive: true });
  for (const [file, value] of [
    ['business.json', content.business],
    ['reviews.json', content.reviews],
    ['editorial.json', content.editorial],
    ['verification.json', content.verification],
  ] as const) {
    writeFileSync(join(dir, file), `${JSON.stringify(value, null, 2)}\n`);
  }
  writeFileSync(join(dir, 'jobs.json'), jobsJson(content.jobs));
  if (content.business.brand?.logo) writeFileSync(join(dir, content.business.brand.logo.file), SAMPLE_LOGO);
}
