// The few calls to Cloudflare's v4 API (https://developers.cloudflare.com/api/) our commands make
// themselves; wrangler makes the rest. The credentials are wrangler's: CLOUDFLARE_API_TOKEN, or
// the OAuth token `npx wrangler login` stored, as `wrangler auth token --json` gives it
// (refreshed when it has expired), so nothing here knows where wrangler keeps it; none of them
// is ever printed.
import { runWrangler } from './wrangler.ts';

const DEFAULT_BASE_URL = 'https://api.cloudflare.com/client/v4';

/** An answer of the API with success false: its first error's code and message. */
export class CloudflareApiError extends Error {
  readonly status: number;
  readonly code: number | undefined;
  constructor(status: number, code: number | undefined, message: string) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

export interface CloudflareApi {
  get<T>(path: string): Promise<T>;
}

/** The headers that authenticate as wrangler would: its token, or a global API key and e-mail. */
export function wranglerCredentials(env: NodeJS.ProcessEnv): Record<string, string> {
  if (env.CLOUDFLARE_API_TOKEN) return { authorization: `Bearer ${env.CLOUDFLARE_API_TOKEN}` };
  const run = runWrangler(['auth', 'token', '--json'], { stdio: 'pipe', env, input: '' });
  let answer: { token?: string; key?: string; email?: string } = {};
  try {
    if (run.status === 0) answer = JSON.parse(run.stdout) as typeof answer;
  } catch {}
  if (answer.token) return { authorization: `Bearer ${answer.token}` };
  if (answer.key && answer.email) return { 'x-auth-key': answer.key, 'x-auth-email': answer.email };
  throw new Error('No Cloudflare credentials: run `npx wrangler login` once, or set CLOUDFLARE_API_TOKEN to an API token (see docs/deploy-cloudflare.md).');
}

export function cloudflareApi(headers: Record<string, string>, env: NodeJS.ProcessEnv): CloudflareApi {
  // the variable wrangler reads too, so both talk to the same API
  const base = (env.CLOUDFLARE_API_BASE_URL || DEFAULT_BASE_URL).replace(/\/+$/, '');
  return {
    async get<T>(path: string): Promise<T> {
      const once = () => fetch(`${base}${path}`, { headers, signal: AbortSignal.timeout(30_000) });
      let res: Response;
      try {
        res = await once();
      } catch (error) {
        // a kept-alive connection the server closed while a build ran: a GET is safe to send again
        if (!(error instanceof TypeError)) throw error;
        res = await once();
      }
      let body: { success?: boolean; errors?: { code?: number; message?: string }[]; result?: T } | undefined;
      try {
        body = (await res.json()) as typeof body;
      } catch {}
      if (res.ok && body?.success) return body.result as T;
      const error = body?.errors?.[0];
      throw new CloudflareApiError(res.status, error?.code, `Cloudflare's API answered ${res.status} to GET ${path}: ${error?.message ?? 'no message'}`);
    },
  };
}

/** CLOUDFLARE_ACCOUNT_ID, or the token's one account. */
export async function accountId(api: CloudflareApi, env: NodeJS.ProcessEnv): Promise<string> {
  if (env.CLOUDFLARE_ACCOUNT_ID) return env.CLOUDFLARE_ACCOUNT_ID;
  const accounts = await api.get<{ id: string; name: string }[]>('/accounts?per_page=50');
  const [only] = accounts;
  if (accounts.length === 1 && only) return only.id;
  if (accounts.length === 0)
    throw new Error('These Cloudflare credentials reach no account: give the API token access to one (Account › Workers Scripts › Edit).');
  throw new Error(
    `These Cloudflare credentials reach ${accounts.length} accounts: set CLOUDFLARE_ACCOUNT_ID ` +
      `to the one to deploy to (${accounts.map((a) => `${a.name}: ${a.id}`).join(', ')}).`,
  );
}

/** The account's `<subdomain>.workers.dev` name, or undefined when it has registered none yet. */
export async function workersDevSubdomain(api: CloudflareApi, account: string): Promise<string | undefined> {
  try {
    const { subdomain } = await api.get<{ subdomain: string }>(`/accounts/${account}/workers/subdomain`);
    return subdomain || undefined;
  } catch (error) {
    // 10007: no subdomain registered (what wrangler reads too)
    if (error instanceof CloudflareApiError && error.code === 10007) return undefined;
    throw error;
  }
}

/** True when the account has a Worker of that name. */
export async function workerExists(api: CloudflareApi, account: string, name: string): Promise<boolean> {
  try {
    await api.get(`/accounts/${account}/workers/services/${encodeURIComponent(name)}`);
    return true;
  } catch (error) {
    // 10090: no such Worker (what wrangler reads too); 10007 on older answers
    if (error instanceof CloudflareApiError && (error.code === 10090 || error.code === 10007)) return false;
    throw error;
  }
}
