// A made-up business to measure matching on: customers (people and companies, with namesakes from
// a skewed spread of surnames), their jobs over three years, and reviews the way reviewers sign
// them ("Maria G.", "M. Garcia", nicknames, a first name alone, "A Google User", a company name),
// some long after the job, plus reviews by people who had no job. The variants and nicknames here
// are the generator's own, written apart from the matcher's table, so what the matcher does not
// know shows as missed matches. Each review carries the truth: whose job it was about, if any.
import { mulberry32 } from '../../tools/sample/generate.ts';

const FIRST = (
  'James Mary Robert Patricia John Jennifer Michael Linda David Elizabeth William Barbara Richard Susan Joseph Jessica Thomas Sarah ' +
  'Christopher Karen Charles Lisa Daniel Nancy Matthew Betty Anthony Sandra Mark Margaret Donald Ashley Steven Kimberly Andrew Emily ' +
  'Paul Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian Melissa George Deborah Timothy Stephanie Ronald Rebecca Jason Sharon ' +
  'Edward Laura Jeffrey Cynthia Ryan Dorothy Jacob Amy Gary Kathleen Nicholas Angela Eric Shirley Jonathan Emma Stephen Brenda Larry ' +
  'Pamela Justin Nicole Scott Anna Brandon Samantha Benjamin Katherine Samuel Christine Gregory Debra Alexander Rachel Patrick Carolyn ' +
  'Frank Janet Raymond Maria Jack Olivia Dennis Heather Jerry Helen Tyler Catherine Aaron Diane Jose Julie Adam Victoria Nathan Joyce ' +
  'Henry Lauren Zachary Kelly Douglas Christina Peter Ruth Kyle Joan Noah Virginia Ethan Judith Jeremy Evelyn Christian Hannah Walter ' +
  'Andrea Keith Megan Austin Cheryl Roger Jacqueline Terry Madison Sean Teresa Gerald Abigail Carl Sophia Dylan Martha Harold Sara ' +
  'Jordan Gloria Jesse Janice Bryan Kathryn Lawrence Ann Arthur Isabella Gabriel Judy Bruce Charlotte Logan Julia Billy Grace Joe Amber ' +
  'Alan Alice Juan Jean Elijah Denise Willie Frances Albert Danielle Wayne Marilyn Randy Natalie Mason Beverly Vincent Diana Liam Brittany ' +
  'Roy Theresa Bobby Kayla Caleb Alexis Bradley Doris Russell Lori Lucas Tiffany Guadalupe Mei Wei Aylin Sven Chloé Zoë José Ana'
).split(' ');

// Surnames with a skewed spread (the first ones far more common), so namesakes happen as they do.
const LAST = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez Wilson Anderson Thomas Taylor ' +
  'Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres ' +
  'Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz ' +
  'Edwards Collins Reyes Stewart Morris Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos ' +
  'Kim Cox Ward Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel Myers ' +
  'Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales Fisher Vasquez Simmons ' +
  'Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole Hayes Bryant Herrera Gibson Ellis Tran ' +
  'Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez McDonald Woods Washington Kennedy Wells Vargas Henry Chen ' +
  'Freeman Webb Tucker Guzman Burns Crawford Olson Simpson Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Muñoz Hunt Hicks ' +
  "Holmes Palmer Wagner Black Robertson Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt García Müller Yılmaz O'Brien Nowak"
).split(' ');

/** The generator's own short forms (some the matcher's table lacks: "Hank", "Sally", "Kit", "Gabe"). */
export const SHORT: Record<string, string[]> = {
  Robert: ['Bob', 'Rob', 'Bobby'],
  William: ['Bill', 'Will'],
  Richard: ['Rick', 'Rich'],
  James: ['Jim', 'Jimmy'],
  Michael: ['Mike'],
  Thomas: ['Tom'],
  Joseph: ['Joe'],
  Christopher: ['Chris', 'Kit'],
  Daniel: ['Dan', 'Danny'],
  Elizabeth: ['Liz', 'Beth'],
  Margaret: ['Maggie', 'Peggy'],
  Katherine: ['Kate', 'Katie'],
  Jennifer: ['Jen', 'Jenny'],
  Henry: ['Hank'],
  Sarah: ['Sally'],
  Gabriel: ['Gabe'],
  Patricia: ['Pat', 'Trish'],
  Anthony: ['Tony'],
  Edward: ['Ed', 'Ted'],
  Samuel: ['Sam'],
};

// The long tail of surnames: two syllables and an ending give some 40,000 of them.
const SYLLABLES = 'Ab Al Bar Bel Ber Bran Cal Car Dal Dor Ed Fal Fer Gar Gol Hal Har Kal Kem Lan Lor Mal Mar Nor Ol Pal Ram Ros Sal Tor Val Wal Wen Zan'.split(
  ' ',
);
const ENDINGS = 'son sen ez ski man berg ley ton ford ov ini ak'.split(' ');

const COMPANY_SUFFIX = ['LLC', 'Inc', 'Property Management', 'Realty', 'Holdings LLC', 'Apartments'];
const TECHNICIANS = ['Ann Lee', 'José Martínez', 'Mike Reyes', 'Grace Okafor', 'Jonas Mader', 'Aylin Yilmaz', 'Sam Park', 'Nora Quinn'];
const SERVICES = ['drain-cleaning', 'water-heater', 'furnace-repair', 'ac-repair', 'leak-repair'];

export interface SyntheticJob {
  id: string;
  date: string;
  /** The customer as the records hold them */
  customer: string;
  customerId: string;
  technicians: string[];
  service: string;
}

export interface SyntheticReview {
  id: string;
  date: string;
  author: string;
  /** The truth: the job the review is about, and whose it was (undefined: a reviewer with no job) */
  truthJob?: string;
  truthCustomer?: string;
}

export interface SyntheticBusiness {
  jobs: SyntheticJob[];
  reviews: SyntheticReview[];
}

const DAY = 86_400_000;
const START = Date.UTC(2023, 0, 1);
const SPAN_DAYS = 3 * 365;
const dateOf = (day: number) => new Date(START + day * DAY).toISOString().slice(0, 10);

export function syntheticBusiness(o: { seed: number; jobs: number; reviews: number }): SyntheticBusiness {
  const next = mulberry32(o.seed);
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(list: readonly T[]): T => list[int(list.length)] as T;
  // a mildly skewed pick: the first entries of a list more often
  const skewed = <T>(list: readonly T[]): T => list[Math.floor(list.length * next() ** 1.3)] as T;
  // Surnames as a country has them: 40 % from the common ones (Smith about 0.6 %), the rest a long tail.
  const surname = () => (chance(0.4) ? skewed(LAST) : `${pick(SYLLABLES)}${pick(SYLLABLES).toLowerCase()}${chance(0.5) ? pick(ENDINGS) : ''}`);
  const chance = (p: number) => next() < p;

  // Customers: about one for every 2.5 jobs; 4 % companies.
  interface Customer {
    id: string;
    first: string;
    last: string;
    company?: string;
    middle?: string;
  }
  const customers: Customer[] = [];
  const customerCount = Math.max(1, Math.round(o.jobs / 2.5));
  for (let i = 0; i < customerCount; i++) {
    const c: Customer = { id: `C${i + 1}`, first: skewed(FIRST), last: surname() };
    if (chance(0.04)) c.company = `${pick(LAST)} ${pick(COMPANY_SUFFIX)}`;
    if (chance(0.1)) c.middle = pick(FIRST);
    customers.push(c);
  }
  const fullName = (c: Customer) => c.company ?? [c.first, c.middle, c.last].filter(Boolean).join(' ');

  const jobs: SyntheticJob[] = [];
  for (let i = 0; i < o.jobs; i++) {
    const c = customers[i < customers.length ? i : int(customers.length)] as Customer;
    jobs.push({
      id: `J${100000 + i}`,
      date: dateOf(int(SPAN_DAYS)),
      customer: fullName(c),
      customerId: c.id,
      technicians: chance(0.2) ? [pick(TECHNICIANS), pick(TECHNICIANS)].filter((t, k, a) => a.indexOf(t) === k) : [pick(TECHNICIANS)],
      service: pick(SERVICES),
    });
  }
  const byId = new Map(customers.map((c) => [c.id, c]));

  /** How a reviewer signs: the forms people use on Google, with their share. */
  const shown = (first: string, last: string, company?: string): string => {
    if (company) return chance(0.7) ? company : company.toUpperCase();
    const r = next();
    const initial = (s: string) => s.charAt(0);
    let name: string;
    if (r < 0.4) name = `${first} ${initial(last)}.`;
    else if (r < 0.68) name = `${first} ${last}`;
    else if (r < 0.75) name = `${initial(first)}. ${last}`;
    else if (r < 0.82) {
      const shorts = SHORT[first];
      name = shorts ? (chance(0.5) ? `${pick(shorts)} ${last}` : `${pick(shorts)} ${initial(last)}.`) : `${first} ${last}`;
    } else if (r < 0.88) name = first;
    else if (r < 0.93) name = 'A Google User';
    else if (r < 0.96) name = `${first.toLowerCase()} ${last.toLowerCase()}`;
    else name = `${first.normalize('NFD').replace(/\p{M}/gu, '')}  ${last}`;
    return name;
  };

  const reviews: SyntheticReview[] = [];
  for (let i = 0; i < o.reviews; i++) {
    const id = `R${i + 1}`;
    if (chance(0.72)) {
      // A customer's review of a job: mostly within days, some long after (past any window).
      const job = pick(jobs);
      const c = byId.get(job.customerId) as Customer;
      const lag = chance(0.9) ? Math.floor(-Math.log(1 - next()) * 6) : 46 + int(200);
      const day = (Date.parse(`${job.date}T00:00:00Z`) - START) / DAY + lag;
      reviews.push({ id, date: dateOf(day), author: shown(c.first, c.last, c.company), truthJob: job.id, truthCustomer: c.id });
    } else {
      // Someone who had no job: a passer-by, a neighbour, a competitor's customer.
      const company = chance(0.03) ? `${pick(LAST)} ${pick(COMPANY_SUFFIX)}` : undefined;
      reviews.push({ id, date: dateOf(int(SPAN_DAYS + 60)), author: shown(skewed(FIRST), surname(), company) });
    }
  }
  return { jobs, reviews };
}
