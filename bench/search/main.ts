// npm run bench:search: the search endpoint on 20,000 generated reviews, side by side with
// a bare node:http server returning a precomputed response of the same size; plus the
// in-memory index against SQLite FTS5 (trigram) on the same queries, in-process.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { strongEtag } from '../../src/core/http/etag.ts';
import type { Review } from '../../src/core/schemas/review.ts';
import { fold } from '../../src/core/search/fold.ts';
import { buildSearchIndex, indexColumns } from '../../src/core/search/index.ts';
import { type SearchParams, SearchParamsSchema } from '../../src/core/search/params.ts';
import { searchBody } from '../../src/core/search/run.ts';
import { envNumber } from '../shared/env.ts';
import { build, generate, load, rssMb, startPlain, startSidecar, table, tempDir } from '../shared/lib.ts';

const seconds = envNumber('BENCH_SECONDS', 5);
const count = envNumber('BENCH_REVIEWS', 20000);
const dir = tempDir('search');
generate(join(dir, 'content'), count);
const out = join(dir, 'dist');
build({ CONTENT_DIR: join(dir, 'content'), OUT_DIR: out });
const reviews = (JSON.parse(readFileSync(join(out, 'site/reviews.json'), 'utf8')) as { reviews: Review[] }).reviews;
const tech = reviews.find((r) => r.technicians.length)?.technicians[0] as string;

const MIX: [string, string, boolean][] = [
  ['selective', `mentions_technician=${encodeURIComponent(tech)}&rating=1&limit=20`, true],
  ['selective 2', 'mentions_service=water-heater&since=2026-01-01&limit=20', true],
  ['broad', 'min_rating=4&limit=100', false],
  ['substring', 'query=on%20time&limit=20', false],
  ['deep offset', `offset=${Math.floor(count / 2)}&limit=100`, false],
];

// --- index choice: in-memory trigram index vs SQLite FTS5 trigram, same queries, in-process
function compareIndexes() {
  const t0 = performance.now();
  const index = buildSearchIndex(reviews);
  const memBuild = performance.now() - t0;
  const db = new Database(':memory:');
  const t1 = performance.now();
  db.exec("CREATE VIRTUAL TABLE r USING fts5(body, tokenize='trigram'); CREATE TABLE meta(pos INTEGER PRIMARY KEY, rating INT, date TEXT)");
  const insert = db.prepare('INSERT INTO r(rowid, body) VALUES (?, ?)');
  const meta = db.prepare('INSERT INTO meta VALUES (?, ?, ?)');
  db.transaction(() => {
    indexColumns(reviews).reviews.forEach((r, i) => {
      insert.run(i, fold(`${r.title ?? ''} ${r.text}`));
      meta.run(i, r.rating, r.date);
    });
  })();
  const sqlBuild = performance.now() - t1;
  const total = db.prepare('SELECT count(*) n FROM r WHERE r MATCH \'"on time"\'');
  const pageQ = db.prepare('SELECT rowid FROM r WHERE r MATCH \'"on time"\' ORDER BY rowid LIMIT 20');
  const broad = db.prepare('SELECT count(*) n FROM meta WHERE rating >= 4');
  const broadPage = db.prepare('SELECT pos FROM meta WHERE rating >= 4 ORDER BY pos LIMIT 100');
  const time = (fn: () => unknown, n = 300) => {
    const s = performance.now();
    for (let i = 0; i < n; i++) fn();
    return (performance.now() - s) / n;
  };
  const p = (q: string) => SearchParamsSchema.parse(Object.fromEntries(new URLSearchParams(q)));
  const substringParams = { ...p('query=on time'), limit: 20 };
  const broadParams = { ...p(''), min_rating: 4, limit: 100 };
  /** A query's mean time on the index and on SQLite (its count, then its page as the index serves it), ms. */
  const row = (step: string, params: SearchParams, count: Database.Statement, page: Database.Statement, column: 'rowid' | 'pos') => ({
    step,
    memory: time(() => searchBody(index, params)).toFixed(3),
    sqlite: time(() => [
      count.get(),
      page
        .all()
        .map((r) => index.json((r as Record<string, number>)[column] as number))
        .join(','),
    ]).toFixed(3),
  });
  const rows = [
    { step: 'build index (ms)', memory: memBuild.toFixed(0), sqlite: sqlBuild.toFixed(0) },
    row('substring "on time": count + page (ms)', substringParams, total, pageQ, 'rowid'),
    row('min_rating=4: count + page of 100 (ms)', broadParams, broad, broadPage, 'pos'),
  ];
  db.close();
  return rows;
}

console.log(`${count} reviews; index comparison (in-process, mean per query):`);
table(compareIndexes());

for (const cache of ['0', '512']) {
  const sidecar = await startSidecar(out, { SEARCH_CACHE_ENTRIES: cache });
  const rows = [];
  try {
    const idleRss = rssMb(sidecar.process.pid as number);
    for (const [name, qs, selective] of MIX) {
      const url = `${sidecar.url}/api/reviews/search?${qs}`;
      const body = Buffer.from(await (await fetch(url)).arrayBuffer());
      const file = join(dir, `plain-${name.replace(/\W/g, '')}.json`);
      writeFileSync(file, body);
      const plain = await startPlain(file, { 'content-type': 'application/json; charset=utf-8', etag: strongEtag(body) });
      try {
        const p = await load(url.replace(sidecar.url, plain.url), { seconds });
        const s = await load(url, { seconds });
        rows.push({
          query: name,
          bytes: body.length,
          'plain req/s': p.rps,
          'sidecar req/s': s.rps,
          'plain/sidecar': (p.rps / s.rps).toFixed(2),
          'sidecar p50 ms': s.p50,
          'sidecar p99 ms': s.p99,
          'target met': s.p99 < 10 && (!selective || p.rps / s.rps <= 2) ? 'yes' : 'NO',
          errors: s.errors + s.non2xx,
        });
      } finally {
        await plain.stop();
      }
    }
    console.log(
      `\nSEARCH_CACHE_ENTRIES=${cache}: 32 connections, ${seconds} s per run. Sidecar RSS: ` +
        `${idleRss} MB after start, ${rssMb(sidecar.process.pid as number)} MB after the runs.`,
    );
    table(rows);
  } finally {
    await sidecar.stop();
  }
}
