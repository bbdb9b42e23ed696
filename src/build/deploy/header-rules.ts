import { CORS_HEADERS, resourceHeaders } from '../../core/http/headers.ts';
import type { Manifest } from '../../core/http/manifest.ts';
import { PATHS } from '../../core/http/urls.ts';

/** One `_headers` rule: a path, or a folder pattern ending in `*`, and the headers it sets. */
export interface HeaderRule {
  path: string;
  headers: Record<string, string>;
}

/**
 * The headers of every built file as few `_headers` rules as exactly describe them. CORS goes
 * in one `/*` rule; every other header is set by exactly one rule per path, because hosts
 * combine a header set by two matching rules differently (Cloudflare appends, Netlify keeps
 * the last). A folder whose files all share one header set becomes one `folder/*` rule, so
 * the count stays small at any size (archive pages, since files), unless a path only the
 * sidecar answers lies in it (its responses keep the sidecar's headers). Validators are left out:
 * a static host answers conditional requests against its own ETag.
 */
export function headerRules(manifest: Manifest, maxAgeS: number): HeaderRule[] {
  const own = new Map<string, Record<string, string>>();
  for (const [path, entry] of Object.entries(manifest.resources)) {
    const { etag: _e, 'last-modified': _l, ...rest } = resourceHeaders(path, entry, maxAgeS);
    for (const name of Object.keys(CORS_HEADERS)) delete rest[name];
    own.set(path, rest);
  }
  return [{ path: '/*', headers: { ...CORS_HEADERS } }, ...collapse('/', [...own.keys()].sort(), own)];
}

function collapse(dir: string, paths: string[], own: Map<string, Record<string, string>>): HeaderRule[] {
  const key = (path: string) => JSON.stringify(own.get(path));
  const holdsDynamic = [PATHS.search, PATHS.hub, PATHS.mcp].some((path) => path.startsWith(dir));
  if (!holdsDynamic && new Set(paths.map(key)).size === 1) return [{ path: `${dir}*`, headers: own.get(paths[0] as string) ?? {} }];
  const rules: HeaderRule[] = [];
  const children = new Map<string, string[]>();
  for (const path of paths) {
    const rest = path.slice(dir.length);
    const slash = rest.indexOf('/');
    if (slash === -1 || rest === '') rules.push({ path, headers: own.get(path) ?? {} });
    else {
      const child = `${dir}${rest.slice(0, slash + 1)}`;
      const list = children.get(child);
      if (list) list.push(path);
      else children.set(child, [path]);
    }
  }
  for (const [child, under] of children) rules.push(...collapse(child, under, own));
  return rules;
}

/** Names as the HTTP registry spells them: Netlify sends a lower-case `content-type` beside its own. */
function canonical(name: string): string {
  return name === 'etag' ? 'ETag' : name.replace(/(^|-)([a-z])/g, (_m, dash: string, c: string) => `${dash}${c.toUpperCase()}`);
}

export function headersFile(rules: HeaderRule[]): string {
  const blocks = rules.map(({ path, headers }) => [path, ...Object.entries(headers).map(([name, value]) => `  ${canonical(name)}: ${value}`)].join('\n'));
  return `${blocks.join('\n')}\n`;
}
