// Local HTTPS fakes of the hosted APIs the sync reads and the Worker's watch calls, written from
// their published shapes: Google's OAuth 2.0 token endpoint and My Business v4 reviews.list,
// Trustpilot's business unit reviews, and GitHub's workflow dispatch. Shared by the tests,
// `npm run bench:sync` and `npm run bench:freshness`; every request is logged.
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { TestPki } from '../pki.ts';

export interface FakeRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
  /** When it arrived (ms) */
  at: number;
}

/** What a hook answers instead of the fake: a status and body, or 'hang' (never answer), or undefined (the fake answers). */
export type Override = { status: number; body: string; headers?: Record<string, string> } | { delayMs: number } | 'hang' | 'reset' | undefined;

export interface FakeApisOptions {
  account: string;
  location: string;
  businessUnitId: string;
  clientId: string;
  clientSecret: string;
  refreshToken: string;
  apiKey: string;
  /** Access token lifetime Google reports */
  expiresInS?: number;
  /** GitHub: the repository (owner/name) and the token that may dispatch its workflows */
  githubRepository?: string;
  githubToken?: string;
}

export interface FakeApis {
  origin: string;
  googleReviews: Record<string, unknown>[];
  trustpilotReviews: Record<string, unknown>[];
  requests: FakeRequest[];
  /** Requests whose path starts with `prefix` */
  count(prefix: string): number;
  /** Called before the fake answers; return an Override to answer differently. */
  hook: ((req: FakeRequest) => Override) | undefined;
  /** Google: the refresh token is revoked (invalid_grant from now on), or valid again */
  revokeRefreshToken(revoked?: boolean): void;
  /** Google: every access token issued so far stops working (401) */
  expireAccessTokens(): void;
  /** GitHub: the workflow dispatches it accepted (204), in order */
  dispatches: FakeRequest[];
  /** GitHub: called after a dispatch is accepted (a run of the workflow, in the benchmark) */
  onDispatch: ((req: FakeRequest) => void) | undefined;
  settings(): Record<string, string>;
  close(): Promise<void>;
}

const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', 'content-length': Buffer.byteLength(text), ...headers });
  res.end(text);
};

const byNewest = (key: string) => (a: Record<string, unknown>, b: Record<string, unknown>) => {
  const x = String(a[key]);
  const y = String(b[key]);
  return x < y ? 1 : x > y ? -1 : 0;
};

const googleError = (code: number, status: string, message: string) => ({ error: { code, message, status } });

export async function startFakeApis(pki: TestPki, options: FakeApisOptions): Promise<FakeApis> {
  const requests: FakeRequest[] = [];
  let refreshRevoked = false;
  const validTokens = new Set<string>();
  let googleSnapshot: Record<string, unknown>[] | undefined;
  let trustpilotSnapshot: Record<string, unknown>[] | undefined;
  const fake: FakeApis = {
    origin: '',
    googleReviews: [],
    trustpilotReviews: [],
    requests,
    count: (prefix) => requests.filter((r) => r.path.startsWith(prefix)).length,
    hook: undefined,
    revokeRefreshToken: (revoked = true) => {
      refreshRevoked = revoked;
    },
    expireAccessTokens: () => validTokens.clear(),
    dispatches: [],
    onDispatch: undefined,
    settings: () => ({
      GOOGLE_LOCATION: `accounts/${options.account}/locations/${options.location}`,
      GOOGLE_CLIENT_ID: options.clientId,
      GOOGLE_CLIENT_SECRET: options.clientSecret,
      GOOGLE_REFRESH_TOKEN: options.refreshToken,
      GOOGLE_API_URL: fake.origin,
      GOOGLE_TOKEN_URL: `${fake.origin}/token`,
      TRUSTPILOT_BUSINESS_UNIT_ID: options.businessUnitId,
      TRUSTPILOT_API_KEY: options.apiKey,
      TRUSTPILOT_API_URL: fake.origin,
      ...(options.githubRepository && options.githubToken
        ? { SYNC_DISPATCH_REPOSITORY: options.githubRepository, SYNC_DISPATCH_TOKEN: options.githubToken, GITHUB_API_URL: fake.origin }
        : {}),
    }),
    close: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };

  // https://developers.google.com/identity/protocols/oauth2/web-server#offline (refreshing an access token)
  const token = (req: FakeRequest, res: ServerResponse) => {
    const form = new URLSearchParams(req.body);
    if (form.get('grant_type') !== 'refresh_token') return json(res, 400, { error: 'unsupported_grant_type' });
    if (form.get('client_id') !== options.clientId || form.get('client_secret') !== options.clientSecret)
      return json(res, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' });
    if (refreshRevoked || form.get('refresh_token') !== options.refreshToken)
      return json(res, 400, { error: 'invalid_grant', error_description: 'Token has been expired or revoked.' });
    const access = `ya29.${randomBytes(24).toString('base64url')}`;
    validTokens.add(access);
    return json(res, 200, {
      access_token: access,
      expires_in: options.expiresInS ?? 3599,
      scope: 'https://www.googleapis.com/auth/business.manage',
      token_type: 'Bearer',
    });
  };

  // GET /v4/{parent=accounts/*/locations/*}/reviews: ListReviewsResponse, newest updateTime first.
  const reviewsList = (req: FakeRequest, res: ServerResponse, account: string, location: string) => {
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ') || !validTokens.has(auth.slice(7)))
      return json(res, 401, googleError(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials. Expected OAuth 2 access token.'), {
        'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"',
      });
    if (account !== options.account || location !== options.location) return json(res, 404, googleError(404, 'NOT_FOUND', 'Requested entity was not found.'));
    const pageSize = Math.min(50, Number(req.query.get('pageSize') ?? 50) || 50);
    const start = req.query.get('pageToken') ? Number(Buffer.from(req.query.get('pageToken') as string, 'base64url').toString()) : 0;
    if (!Number.isInteger(start) || start < 0) return json(res, 400, googleError(400, 'INVALID_ARGUMENT', 'Invalid page token.'));
    // A listing is a snapshot taken at its first page, as a paged API gives it.
    if (start === 0 || !googleSnapshot) googleSnapshot = [...fake.googleReviews].sort(byNewest('updateTime'));
    const sorted = googleSnapshot;
    const page: Record<string, unknown> = { reviews: sorted.slice(start, start + pageSize), averageRating: 4.2, totalReviewCount: sorted.length };
    if (start + pageSize < sorted.length) page.nextPageToken = Buffer.from(String(start + pageSize)).toString('base64url');
    return json(res, 200, page);
  };

  // GET /v1/business-units/{businessUnitId}/reviews: {reviews, links}, page numbers from 1.
  const businessUnitReviews = (req: FakeRequest, res: ServerResponse, unit: string) => {
    if (req.headers.apikey !== options.apiKey) return json(res, 401, { message: 'Invalid ApiKey', errorCode: 401 });
    if (unit !== options.businessUnitId) return json(res, 404, { message: 'Business unit not found', errorCode: 404 });
    const page = Number(req.query.get('page') ?? 1);
    const perPage = Math.min(100, Number(req.query.get('perPage') ?? 20));
    if (page === 1 || !trustpilotSnapshot) trustpilotSnapshot = [...fake.trustpilotReviews].sort(byNewest('createdAt'));
    const all = trustpilotSnapshot;
    const reviews = all.slice((page - 1) * perPage, page * perPage);
    const link = (p: number, rel: string) => ({ href: `${fake.origin}/v1/business-units/${unit}/reviews?page=${p}&perPage=${perPage}`, method: 'GET', rel });
    const links = [
      link(page, 'self'),
      ...(page > 1 ? [link(page - 1, 'prev-page')] : []),
      ...(page * perPage < all.length ? [link(page + 1, 'next-page')] : []),
    ];
    return json(res, 200, { links, reviews });
  };

  // POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches: 204 and no body
  // (https://docs.github.com/en/rest/actions/workflows#create-a-workflow-dispatch-event).
  const dispatch = (req: FakeRequest, res: ServerResponse, repository: string, workflow: string) => {
    const docs = 'https://docs.github.com/rest/actions/workflows#create-a-workflow-dispatch-event';
    if (req.headers.authorization !== `Bearer ${options.githubToken}`)
      return json(res, 401, { message: 'Bad credentials', documentation_url: 'https://docs.github.com/rest', status: '401' });
    if (repository !== options.githubRepository || workflow !== 'sync.yml')
      return json(res, 404, { message: 'Not Found', documentation_url: docs, status: '404' });
    let body: unknown;
    try {
      body = JSON.parse(req.body);
    } catch {
      body = undefined;
    }
    const ref = typeof body === 'object' && body !== null ? (body as { ref?: unknown }).ref : undefined;
    if (typeof ref !== 'string') return json(res, 422, { message: 'Invalid request.\n\n"ref" wasn\'t supplied.', documentation_url: docs, status: '422' });
    if (ref !== 'main') return json(res, 422, { message: `No ref found for: ${ref}`, documentation_url: docs, status: '422' });
    fake.dispatches.push(req);
    res.writeHead(204);
    res.end();
    fake.onDispatch?.(req);
  };

  const server = createServer({ key: pki.key, cert: pki.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'https://fake');
      const r: FakeRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString(),
        at: Date.now(),
      };
      requests.push(r);
      const override = fake.hook?.(r);
      if (override === 'hang') return;
      if (override === 'reset') req.socket.destroy();
      else if (override && 'delayMs' in override) setTimeout(() => answer(r, res), override.delayMs);
      else if (override) {
        res.writeHead(override.status, { 'content-type': 'application/json', ...override.headers });
        res.end(override.body);
      } else answer(r, res);
    });
  });
  const answer = (r: FakeRequest, res: ServerResponse) => {
    if (r.method === 'POST' && r.path === '/token') return token(r, res);
    const google = /^\/v4\/accounts\/([^/]+)\/locations\/([^/]+)\/reviews$/.exec(r.path);
    if (r.method === 'GET' && google) return reviewsList(r, res, google[1] as string, google[2] as string);
    const trustpilot = /^\/v1\/business-units\/([^/]+)\/reviews$/.exec(r.path);
    if (r.method === 'GET' && trustpilot) return businessUnitReviews(r, res, trustpilot[1] as string);
    const github = /^\/repos\/([^/]+\/[^/]+)\/actions\/workflows\/([^/]+)\/dispatches$/.exec(r.path);
    if (r.method === 'POST' && github) return dispatch(r, res, github[1] as string, github[2] as string);
    return json(res, 404, { error: 'not found' });
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return fake;
}

/** Trustpilot public reviews in the API's shape, deterministic. */
export function trustpilotReviews(count: number, unit: string, start = Date.UTC(2023, 0, 1)): Record<string, unknown>[] {
  const texts = ['Quick and friendly furnace repair.', 'Arrived late, but fixed the leak.', 'Great drain cleaning, fair price.', 'Nobody called back.'];
  return Array.from({ length: count }, (_, i) => {
    const created = new Date(start + i * 3_600_000 * 7).toISOString();
    return {
      id: `64a1b2c3d4e5f6${String(i).padStart(10, '0')}`,
      consumer: { id: `5f${String(i).padStart(22, '0')}`, displayName: `Customer ${i}`, numberOfReviews: 1 },
      businessUnit: { id: unit, identifyingName: 'example.com', displayName: 'Example' },
      stars: (i % 5) + 1,
      title: `Review ${i}`,
      text: texts[i % texts.length],
      language: 'en',
      createdAt: created,
      updatedAt: null,
      status: 'active',
      isVerified: true,
      ...(i % 3 === 0
        ? { companyReply: { text: 'Thank you for your feedback.', createdAt: new Date(Date.parse(created) + 86_400_000).toISOString(), updatedAt: null } }
        : {}),
    };
  });
}
