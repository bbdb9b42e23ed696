// Sentence, clause and token splitting. Offsets always index the original text, so
// quotes are cut from what the reviewer wrote; only single characters are normalised
// (typographic quotes and dashes), which keeps every offset valid.

export interface Token {
  /** Lower-case form: typographic apostrophes folded to "'" */
  t: string;
  start: number;
  end: number;
  /** A separator (, ; : or a dash) rather than a word */
  punct: boolean;
  /** Inside a short double-quoted span: scare quotes, as in they "fixed" it */
  quoted: boolean;
  /** Inside a longer quotation: someone's words ("yes, that's good"), not the reviewer's judgement */
  speech: boolean;
}

export interface Span {
  text: string;
  start: number;
  end: number;
}

export interface Clause {
  tokens: Token[];
  /** The clause as written, trimmed */
  text: string;
  /** Index of its sentence in splitSentences(text) */
  sentence: number;
  /** Introduced by "except": what it names is the exception to the praise around it */
  exception: boolean;
}

/** English abbreviations: a "." after them does not end a sentence. */
export const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'jr',
  'sr',
  'vs',
  'etc',
  'approx',
  'appt',
  'est',
  'no',
  'co',
  'inc',
  'ave',
  'hr',
  'hrs',
  'min',
  'mins',
  'a.m',
  'p.m',
  'e.g',
  'i.e',
]);

const SENTENCE_END = /[.!?…]+["'”’)\]]*(?=\s|$)|\n+/g;

/** Splits text into sentences at . ! ? and line breaks, not after abbreviations or initials. */
export function splitSentences(text: string, abbreviations: ReadonlySet<string> = ABBREVIATIONS): Span[] {
  const spans: Span[] = [];
  let start = 0;
  const push = (end: number) => {
    const raw = text.slice(start, end);
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (/[\p{L}\p{N}\p{So}]/u.test(trimmed)) spans.push({ text: trimmed, start: start + lead, end: start + lead + trimmed.length });
    start = end;
  };
  SENTENCE_END.lastIndex = 0;
  for (let m = SENTENCE_END.exec(text); m; m = SENTENCE_END.exec(text)) {
    if (m[0][0] === '.' && m[0].length === 1) {
      const word = /([\p{L}.]+)$/u.exec(text.slice(Math.max(0, m.index - 6), m.index))?.[1] ?? '';
      if (abbreviations.has(word.toLowerCase()) || /^\p{Lu}$/u.test(word)) continue;
    }
    push(m.index + m[0].length);
  }
  push(text.length);
  return spans;
}

const TOKEN_RE = /\$?\d+(?:[.,:]\d+)*%?|[\p{L}\p{N}]+(?:['’][\p{L}]+)*|[,;:]|\s[-–—]+\s|[–—]|["“”„«»]/gu;

// German opens with „ and closes with “, English opens with “: every mark toggles.
const QUOTE_MARKS = new Set(['"', '“', '”', '„', '«', '»']);

/** Word and separator tokens of a sentence; offsets are relative to `offset`. */
export function tokenize(sentence: string, offset = 0): Token[] {
  const tokens: Token[] = [];
  let quoteOpen = -1;
  TOKEN_RE.lastIndex = 0;
  for (let m = TOKEN_RE.exec(sentence); m; m = TOKEN_RE.exec(sentence)) {
    const raw = m[0];
    const c = raw[0] as string;
    if (QUOTE_MARKS.has(c)) {
      // One to three words with no separator are scare quotes; anything longer is quoted speech.
      if (quoteOpen < 0) quoteOpen = tokens.length;
      else {
        const inside = tokens.slice(quoteOpen);
        const scare = inside.length >= 1 && inside.length <= 3 && !inside.some((t) => t.punct);
        for (const t of inside) {
          if (scare) t.quoted = true;
          else t.speech = true;
        }
        quoteOpen = -1;
      }
      continue;
    }
    const punct = c === ',' || c === ';' || c === ':' || /^\s*[-–—]/.test(raw);
    const t = punct ? (c === ';' ? ';' : ',') : raw.toLowerCase().replace(/’/g, "'");
    tokens.push({ t, start: offset + m.index, end: offset + m.index + raw.length, punct, quoted: false, speech: false });
  }
  return tokens;
}

const SUBORDINATORS = new Set(['although', 'though', 'whereas', 'despite']);

export type ClauseWord = 'but' | 'however' | 'though' | 'although' | 'whereas' | 'despite' | 'except' | 'otherwise' | 'even' | 'while' | 'yet' | 'in';

/** How a language splits clauses: its words mapped to the English word whose rule they follow. */
export interface ClauseRules {
  words: ReadonlyMap<string, ClauseWord>;
  /** "but" does not split before these ("but also") or after these ("nothing but", "all but") */
  butKeepsBefore: ReadonlySet<string>;
  butKeepsAfter: ReadonlySet<string>;
}

/** English: every control word stands for itself. */
export const ENGLISH_CLAUSES: ClauseRules = {
  words: new Map(
    (['but', 'however', 'though', 'although', 'whereas', 'despite', 'except', 'otherwise', 'even', 'while', 'yet', 'in'] as const).map((w) => [w, w]),
  ),
  butKeepsBefore: new Set(['also']),
  butKeepsAfter: new Set(['nothing', 'all']),
};

function isWord(tok: Token | undefined): tok is Token {
  return tok !== undefined && !tok.punct;
}

/**
 * Splits a sentence's tokens into clauses at contrast words ("but", "however",
 * "although", "though", "yet", "except", "whereas", "despite") and semicolons. A
 * subordinate contrast clause ("Although X, Y") also ends at the next comma.
 */
export function splitClauseTokens(tokens: Token[], rules: ClauseRules = ENGLISH_CLAUSES): { tokens: Token[]; exception: boolean }[] {
  const clauses: { tokens: Token[]; exception: boolean }[] = [];
  let current: Token[] = [];
  let exception = false;
  let closeAtComma = false;
  const flush = () => {
    if (current.some((t) => !t.punct)) clauses.push({ tokens: current, exception });
    current = [];
    exception = false;
  };
  for (let i = 0; i < tokens.length; i++) {
    const tok = tokens[i] as Token;
    const prev = tokens[i - 1];
    const next = tokens[i + 1];
    const atStart = current.every((t) => t.punct);
    if (tok.t === ';') {
      flush();
      closeAtComma = false;
      continue;
    }
    if (tok.punct && tok.t === ',' && closeAtComma) {
      flush();
      closeAtComma = false;
      continue;
    }
    if (tok.punct) {
      current.push(tok);
      continue;
    }
    const w = rules.words.get(tok.t);
    if (w === undefined) {
      current.push(tok);
      continue;
    }
    if (w === 'but') {
      if ((next && rules.butKeepsBefore.has(next.t)) || (prev && rules.butKeepsAfter.has(prev.t))) continue;
      flush();
      continue;
    }
    if (w === 'however' || w === 'though' || (w === 'yet' && (prev?.t === ',' || prev?.t === 'and'))) {
      const parenthetical = (prev === undefined || prev.punct) && (next === undefined || next.punct);
      if (parenthetical) continue;
      if (w === 'however' && atStart) {
        // "However friendly the staff were, ..." concedes up to the comma
        closeAtComma = true;
        continue;
      }
      if (w === 'though' && (next === undefined || next.punct)) continue;
      flush();
      if (w === 'though') closeAtComma = true;
      continue;
    }
    if (
      SUBORDINATORS.has(w) ||
      (w === 'even' && next !== undefined && rules.words.get(next.t) === 'though') ||
      (w === 'while' && atStart && clauses.length === 0)
    ) {
      if (w === 'even') i += 1;
      flush();
      closeAtComma = true;
      continue;
    }
    if (w === 'in' && next?.t === 'spite' && tokens[i + 2]?.t === 'of') {
      i += 2;
      flush();
      closeAtComma = true;
      continue;
    }
    if (w === 'except' || (w === 'otherwise' && (atStart || prev?.t === ','))) {
      flush();
      exception = w === 'except';
      if (tok.t === 'except' && next?.t === 'for') i += 1;
      continue;
    }
    current.push(tok);
  }
  flush();
  return clauses;
}

/** Every clause of a text, with the sentence it belongs to. */
export function splitClauses(
  text: string,
  language: { abbreviations: ReadonlySet<string>; clauses: ClauseRules } = { abbreviations: ABBREVIATIONS, clauses: ENGLISH_CLAUSES },
): { sentences: Span[]; clauses: Clause[] } {
  const sentences = splitSentences(text, language.abbreviations);
  const clauses: Clause[] = [];
  sentences.forEach((s, index) => {
    for (const c of splitClauseTokens(tokenize(s.text, s.start), language.clauses)) {
      const words = c.tokens.filter(isWord);
      const first = words[0] as Token;
      const last = words[words.length - 1] as Token;
      clauses.push({ tokens: c.tokens, text: text.slice(first.start, last.end), sentence: index, exception: c.exception });
    }
  });
  return { sentences, clauses };
}
