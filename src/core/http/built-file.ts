// Whether a request asks for a built file: one reading for every door that answers built files
// before anything else (runtime/node/static-first.ts, sidecar/routes/static.ts,
// runtime/cloudflare/static-first.ts and the Pages worker), so a rule changes in one place.

/** The built file a request asks for: a GET or HEAD of a path the build lists, else undefined. */
export function builtFileAsked<T>(resources: Readonly<Record<string, T>>, method: string, path: string): T | undefined {
  return method === 'GET' || method === 'HEAD' ? resources[path] : undefined;
}
