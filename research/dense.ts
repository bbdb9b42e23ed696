// A logistic regression over dense features (sentence embeddings and one-hot lexicon readings),
// optionally with the sparse named features of the gate, for `research/experiment-sentence-model.ts`.
// One weight row shared by every task (aspect) plus one per task, so rare aspects borrow from the
// others. Full-batch gradient descent with momentum from zero weights: the same data always gives
// the same model.

export interface DenseSample {
  /** Shared by many samples (the sentence's vector); never changed */
  base: Float32Array;
  /** The sample's own dense features */
  own: Float32Array;
  /** Index of the sparse features (see `fitDense`), if any */
  sparse?: readonly number[];
  task: number;
  y: 0 | 1;
  w: number;
}

export interface DenseOptions {
  tasks: number;
  l2: number;
  /** L2 of the per-task rows (larger: closer to the shared row) */
  l2Task: number;
  epochs: number;
  rate: number;
  momentum: number;
}

export interface DenseModel {
  dims: number;
  tasks: number;
  mean: Float64Array;
  scale: Float64Array;
  /** (tasks + 1) rows of dims, then one bias per task */
  w: Float64Array;
  sparse: Float64Array;
}

function concat(s: DenseSample): Float32Array {
  if (s.own.length === 0) return s.base;
  const x = new Float32Array(s.base.length + s.own.length);
  x.set(s.base);
  x.set(s.own, s.base.length);
  return x;
}

/** Standardisation fitted on the training samples (weighted), each distinct base vector counted per sample. */
function standardiser(samples: readonly DenseSample[], dims: number): { mean: Float64Array; scale: Float64Array } {
  const mean = new Float64Array(dims);
  const sq = new Float64Array(dims);
  let total = 0;
  for (const s of samples) {
    const x = concat(s);
    for (let j = 0; j < dims; j++) {
      const v = x[j] as number;
      mean[j] = (mean[j] as number) + s.w * v;
      sq[j] = (sq[j] as number) + s.w * v * v;
    }
    total += s.w;
  }
  const scale = new Float64Array(dims);
  for (let j = 0; j < dims; j++) {
    const m = (mean[j] as number) / total;
    mean[j] = m;
    const sd = Math.sqrt(Math.max(0, (sq[j] as number) / total - m * m));
    scale[j] = sd > 1e-6 ? 1 / sd : 0;
  }
  return { mean, scale };
}

function standardise(x: Float32Array, mean: Float64Array, scale: Float64Array): Float64Array {
  const out = new Float64Array(x.length);
  for (let j = 0; j < x.length; j++) out[j] = ((x[j] as number) - (mean[j] as number)) * (scale[j] as number);
  return out;
}

export function fitDense(samples: readonly DenseSample[], sparseCount: number, o: DenseOptions): DenseModel {
  const first = samples[0];
  const dims = first ? first.base.length + first.own.length : 0;
  const { mean, scale } = standardiser(samples, dims);
  // samples without own features share their base vector's standardised copy
  const memo = new Map<Float32Array, Float64Array>();
  const xs = samples.map((s) => {
    if (s.own.length > 0) return standardise(concat(s), mean, scale);
    let x = memo.get(s.base);
    if (!x) {
      x = standardise(s.base, mean, scale);
      memo.set(s.base, x);
    }
    return x;
  });
  const T = o.tasks;
  const w = new Float64Array((T + 1) * dims + T);
  const v = new Float64Array(w.length);
  const sp = new Float64Array(sparseCount);
  const vs = new Float64Array(sparseCount);
  const total = samples.reduce((a, s) => a + s.w, 0);
  const row = new Float64Array(dims);
  for (let e = 0; e < o.epochs; e++) {
    const g = new Float64Array(w.length);
    const gs = new Float64Array(sparseCount);
    samples.forEach((s, k) => {
      const x = xs[k] as Float64Array;
      const t = s.task;
      const shared = 0;
      const own = (t + 1) * dims;
      let z = w[(T + 1) * dims + t] as number;
      for (let j = 0; j < dims; j++) z += ((w[shared + j] as number) + (w[own + j] as number)) * (x[j] as number);
      if (s.sparse) for (const i of s.sparse) z += sp[i] as number;
      const err = (1 / (1 + Math.exp(-z)) - s.y) * s.w;
      for (let j = 0; j < dims; j++) g[own + j] = (g[own + j] as number) + err * (x[j] as number);
      g[(T + 1) * dims + t] = (g[(T + 1) * dims + t] as number) + err;
      if (s.sparse) for (const i of s.sparse) gs[i] = (gs[i] as number) + err;
    });
    // the shared row's gradient is the sum of the task rows'
    row.fill(0);
    for (let t = 0; t < T; t++) for (let j = 0; j < dims; j++) row[j] = (row[j] as number) + (g[(t + 1) * dims + j] as number);
    g.set(row, 0);
    for (let i = 0; i < w.length; i++) {
      const l2 = i < dims ? o.l2 : i < (T + 1) * dims ? o.l2Task : 0;
      v[i] = o.momentum * (v[i] as number) - o.rate * ((g[i] as number) / total + l2 * (w[i] as number));
      w[i] = (w[i] as number) + (v[i] as number);
    }
    for (let i = 0; i < sparseCount; i++) {
      vs[i] = o.momentum * (vs[i] as number) - o.rate * ((gs[i] as number) / total + o.l2 * (sp[i] as number));
      sp[i] = (sp[i] as number) + (vs[i] as number);
    }
  }
  return { dims, tasks: T, mean, scale, w, sparse: sp };
}

export function probability(m: DenseModel, s: Omit<DenseSample, 'y' | 'w'>): number {
  const x = standardise(concat(s as DenseSample), m.mean, m.scale);
  const own = (s.task + 1) * m.dims;
  let z = m.w[(m.tasks + 1) * m.dims + s.task] as number;
  for (let j = 0; j < m.dims; j++) z += ((m.w[j] as number) + (m.w[own + j] as number)) * (x[j] as number);
  if (s.sparse) for (const i of s.sparse) z += m.sparse[i] as number;
  return 1 / (1 + Math.exp(-z));
}
