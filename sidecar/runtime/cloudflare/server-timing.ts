// The Worker's own timing of its answers (WORKER_SERVER_TIMING=1, what `npm run bench:worker` and
// `bench:hostile` read): metrics in Server-Timing, in milliseconds of the clock, as the entry reports search.
// `cpu` is the entry's own time without `wait`, the time it waited for a Durable Object or the
// asset store (I/O to its invocation, whatever it costs elsewhere); `hub` and `session` are an
// object's own time, its set-up included, billed to the object's invocation.

/** Adds metrics to the answer's Server-Timing. */
export function addTiming(res: Response, metrics: Record<string, number>): Response {
  for (const [name, ms] of Object.entries(metrics)) res.headers.append('server-timing', `${name};dur=${ms.toFixed(3)}`);
  return res;
}

/** A metric the answer already carries (a Durable Object's, forwarded by the entry), summed over its entries; undefined if none. */
export function timingOf(res: Response, metric: string): number | undefined {
  let ms: number | undefined;
  for (const m of (res.headers.get('server-timing') ?? '').matchAll(new RegExp(`(?:^|,)\\s*${metric};dur=([\\d.]+)`, 'g'))) ms = (ms ?? 0) + Number(m[1]);
  return ms;
}

/** How long one request waited for I/O, summed over its waits. */
export class Waits {
  ms = 0;

  async on<T>(pending: Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await pending;
    } finally {
      this.ms += performance.now() - started;
    }
  }
}

/** `pending`, its wait counted in `waits` if there are any (timing on). */
export const waited = <T>(waits: Waits | undefined, pending: Promise<T>): Promise<T> => (waits ? waits.on(pending) : pending);
