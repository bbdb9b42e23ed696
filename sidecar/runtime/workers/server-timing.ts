/**
 * Adds how long a handler ran to its answer, as one `Server-Timing` metric (SERVER_TIMING=1):
 * the Worker's own timing, which `npm run bench:worker` reads. Time spent waiting (assets, a
 * Durable Object) is outside `started` or reported by the object as a metric of its own.
 */
export function withTiming(res: Response, metric: string, started: number): Response {
  res.headers.append('server-timing', `${metric};dur=${(performance.now() - started).toFixed(1)}`);
  return res;
}
