// The Worker's own timing of its answers (WORKER_SERVER_TIMING=1, what `npm run bench:worker` and
// `bench:hostile` read): metrics in Server-Timing, in milliseconds of code run, as the entry reports search.

/** Adds metrics to the answer's Server-Timing. */
export function addTiming(res: Response, metrics: Record<string, number>): Response {
  for (const [name, ms] of Object.entries(metrics)) res.headers.append('server-timing', `${name};dur=${ms.toFixed(3)}`);
  return res;
}

/** A metric the answer already carries (a session object's, forwarded by the entry), else 0. */
export function timingOf(res: Response, metric: string): number {
  const m = new RegExp(`(?:^|,)\\s*${metric};dur=([\\d.]+)`).exec(res.headers.get('server-timing') ?? '');
  return m ? Number(m[1]) : 0;
}
