/** A benchmark's numeric setting: the environment variable `name`, or `fallback` when it is unset. */
export function envNumber(name: string, fallback: number): number {
  return Number(process.env[name] ?? fallback);
}
