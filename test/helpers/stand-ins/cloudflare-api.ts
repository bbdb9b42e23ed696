// A local stand-in for Cloudflare's v4 API (https://developers.cloudflare.com/api/), answering
// exactly the requests `wrangler deploy`, `wrangler secret` and our deploy make, in the published
// shape: the envelope {success, errors, messages, result}, the account's workers.dev subdomain,
// a Worker's script upload (multipart: metadata and modules), the static assets' upload session
// (buckets of hashes still to upload, then a completion token), versions and deployments, the
// Worker's workers.dev switch, its custom domains (in the account's zones), its Cron Triggers and its secrets.
// wrangler is pointed at it with CLOUDFLARE_API_BASE_URL. Every request is
// logged; one no route here answers is answered 404 and kept in `unknown`.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface CloudflareRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** The JSON body, or the parts of a multipart one (files as text), or undefined. */
  body: unknown;
}

/** A Worker as the account holds it. */
export interface StoredWorker {
  /** The `metadata` part of the last upload: bindings, migrations, assets, compatibility. */
  metadata: Record<string, unknown>;
  /** The modules of the last upload, by name. */
  modules: Record<string, Buffer>;
  migrationTag: string | undefined;
  /** The asset manifest (path → hash) the last upload completed. */
  assets: Record<string, string>;
  workersDev: boolean;
  /** Custom domains attached to it (https://developers.cloudflare.com/workers/configuration/routing/custom-domains/). */
  domains: string[];
  secrets: Map<string, string>;
  /** Its Cron Triggers (https://developers.cloudflare.com/api/resources/workers/subresources/scripts/subresources/schedules/) */
  crons: string[];
  uploads: number;
  /** The version the last upload made, deployed at once at 100%. */
  versionId: string;
  deployedOn: string;
}

export interface CloudflareApi {
  /** For CLOUDFLARE_API_BASE_URL. */
  baseUrl: string;
  token: string;
  accountId: string;
  /** The account's workers.dev subdomain, `<subdomain>.workers.dev`; undefined: none registered yet. */
  subdomain: string | undefined;
  workers: Map<string, StoredWorker>;
  /** Asset hashes uploaded to the account, and how many times each was. */
  assetUploads: Map<string, number>;
  requests: CloudflareRequest[];
  unknown: string[];
  close(): Promise<void>;
}

interface UploadSession {
  manifest: Record<string, { hash: string; size: number }>;
  pending: Set<string>;
}

const envelope = (result: unknown) => ({ success: true, errors: [], messages: [], result });
const failure = (code: number, message: string) => ({ success: false, errors: [{ code, message }], messages: [], result: null });

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export interface CloudflareApiOptions {
  accountId?: string;
  accountName?: string;
  /** The account's workers.dev subdomain (default `stand-in`); undefined: none registered yet. */
  subdomain?: string | undefined;
  /** The zones (domains) the account holds: a custom domain must lie in one. */
  zones?: string[];
}

export async function startCloudflareApi(options: CloudflareApiOptions = {}): Promise<CloudflareApi> {
  const token = randomBytes(20).toString('hex');
  const key = randomBytes(32);
  const accountId = options.accountId ?? randomBytes(16).toString('hex');
  const sessions = new Map<string, UploadSession>();
  const completed = new Map<string, Record<string, string>>();

  /** A signed JWT, as the upload session's tokens are (wrangler reads their payload: exp). */
  const jwt = (payload: Record<string, unknown>) => {
    const unsigned = `${base64url({ alg: 'HS256', typ: 'JWT' })}.${base64url({ ...payload, exp: Math.floor(Date.now() / 1000) + 3600 })}`;
    return `${unsigned}.${createHmac('sha256', key).update(unsigned).digest('base64url')}`;
  };
  const jwtPayload = (value: string): Record<string, unknown> | undefined => {
    const [header, payload, signature] = value.split('.');
    if (!header || !payload || !signature) return undefined;
    if (createHmac('sha256', key).update(`${header}.${payload}`).digest('base64url') !== signature) return undefined;
    return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  };

  const api: CloudflareApi = {
    baseUrl: '',
    token,
    accountId,
    subdomain: 'subdomain' in options ? options.subdomain : 'stand-in',
    workers: new Map(),
    assetUploads: new Map(),
    requests: [],
    unknown: [],
    close: async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };

  const zoneOf = (hostname: string) => (options.zones ?? []).find((zone) => hostname === zone || hostname.endsWith(`.${zone}`));
  const accounts = () => [{ id: accountId, name: options.accountName ?? 'Stand-in account', type: 'standard', settings: {} }];
  const paged = (items: unknown[]) => ({
    ...envelope(items),
    result_info: { page: 1, per_page: 50, count: items.length, total_count: items.length, total_pages: 1 },
  });
  const notFound = (name: string) => failure(10007, `This Worker does not exist on your account. [code: 10007] (${name})`);

  /** An uploaded version: its metadata checked against the account (migrations, assets), not yet deployed. */
  interface Version {
    id: string;
    name: string;
    createdOn: string;
    metadata: Record<string, unknown>;
    modules: Record<string, Buffer>;
    migrationTag: string | undefined;
    assets: Record<string, string>;
  }
  const versions = new Map<string, Version>();
  const upload = (name: string, body: unknown): Version | { error: unknown } => {
    const parts = body as Record<string, string> | undefined;
    let metadata: Record<string, unknown> | undefined;
    try {
      metadata = parts?.metadata ? (JSON.parse(parts.metadata) as Record<string, unknown>) : undefined;
    } catch {}
    if (!metadata) return { error: failure(10021, 'a metadata part of JSON is required') };
    const before = worker(name);
    const migrations = metadata.migrations as { old_tag?: string; new_tag?: string } | undefined;
    if (migrations && migrations.old_tag !== before?.migrationTag)
      return { error: failure(10079, `migration old_tag ${migrations.old_tag} does not match the script's ${before?.migrationTag}`) };
    const assetsJwt = (metadata.assets as { jwt?: string } | undefined)?.jwt;
    let assets = before?.assets ?? {};
    if (assetsJwt) {
      const completion = jwtPayload(assetsJwt)?.completion;
      const manifest = typeof completion === 'string' ? completed.get(completion) : undefined;
      if (!manifest) return { error: failure(10024, 'the assets completion token is not valid') };
      assets = manifest;
    }
    const modules = Object.fromEntries(
      Object.entries(parts ?? {})
        .filter(([n]) => n !== 'metadata')
        .map(([n, v]) => [n, Buffer.from(v)]),
    );
    if (!modules[metadata.main_module as string]) return { error: failure(10021, `main_module ${metadata.main_module} is not among the parts`) };
    // keep_bindings: the previous version's bindings of those types that this upload does not name (wrangler keeps secrets so)
    const keep = new Set((metadata.keep_bindings as string[] | undefined) ?? []);
    const named = (metadata.bindings as { name: string; type: string }[] | undefined) ?? [];
    const kept = ((before?.metadata.bindings as { name: string; type: string }[] | undefined) ?? []).filter(
      (b) => keep.has(b.type) && !named.some((n) => n.name === b.name),
    );
    if (kept.length > 0) metadata = { ...metadata, bindings: [...named, ...kept] };
    return {
      id: randomUUID(),
      name,
      createdOn: new Date().toISOString(),
      metadata,
      modules,
      migrationTag: migrations?.new_tag ?? before?.migrationTag,
      assets,
    };
  };
  const deploy = (name: string, v: Version) => {
    const before = worker(name);
    api.workers.set(name, {
      metadata: v.metadata,
      modules: v.modules,
      migrationTag: v.migrationTag,
      assets: v.assets,
      workersDev: before?.workersDev ?? false,
      domains: before?.domains ?? [],
      secrets: before?.secrets ?? new Map(),
      crons: before?.crons ?? [],
      uploads: (before?.uploads ?? 0) + 1,
      versionId: v.id,
      deployedOn: v.createdOn,
    });
  };
  const deploymentOf = (w: StoredWorker) => ({
    id: `deployment-${w.versionId}`,
    created_on: w.deployedOn,
    source: 'wrangler',
    strategy: 'percentage',
    versions: [{ version_id: w.versionId, percentage: 100 }],
  });
  // the API never answers a secret's value
  const settingsOf = (w: StoredWorker) => ({
    bindings: ((w.metadata.bindings ?? []) as { type: string; text?: string }[]).map(({ text, ...b }) =>
      b.type === 'secret_text' ? b : { ...b, ...(text === undefined ? {} : { text }) },
    ),
    compatibility_date: w.metadata.compatibility_date,
    compatibility_flags: w.metadata.compatibility_flags ?? [],
    logpush: w.metadata.logpush ?? false,
    observability: w.metadata.observability ?? null,
    tags: [],
    tail_consumers: null,
  });

  const schedulesOf = (w: StoredWorker) => w.crons.map((cron) => ({ cron, created_on: w.deployedOn, modified_on: w.deployedOn }));

  type Route = (req: CloudflareRequest, match: RegExpExecArray, raw: IncomingMessage) => [number, unknown];
  const worker = (name: string) => api.workers.get(name);
  const routes: [string, RegExp, Route][] = [
    ['GET', /^\/accounts$/, () => [200, paged(accounts())]],
    ['GET', /^\/memberships$/, () => [200, paged(accounts().map((a) => ({ id: randomUUID(), status: 'accepted', account: a })))]],
    [
      'GET',
      /^\/accounts\/([^/]+)\/workers\/subdomain$/,
      () => (api.subdomain ? [200, envelope({ subdomain: api.subdomain })] : [404, failure(10007, 'This account has no workers.dev subdomain.')]),
    ],
    [
      'GET',
      /^\/accounts\/([^/]+)\/workers\/services\/([^/]+)$/,
      (_req, m) => {
        const w = worker(m[2] as string);
        if (!w) return [404, failure(10090, 'This Worker does not exist on your account.')];
        const script = { id: m[2], tag: m[2], tags: [], migration_tag: w.migrationTag, last_deployed_from: 'wrangler' };
        return [200, envelope({ id: m[2], default_environment: { environment: 'production', script } })];
      },
    ],
    [
      'POST',
      /^\/accounts\/([^/]+)\/workers\/scripts\/([^/]+)\/assets-upload-session$/,
      (req) => {
        const manifest = (req.body as { manifest?: UploadSession['manifest'] })?.manifest;
        if (!manifest || typeof manifest !== 'object') return [400, failure(10021, 'manifest is required')];
        const id = randomUUID();
        const missing = [...new Set(Object.values(manifest).map((e) => e.hash))].filter((h) => !api.assetUploads.has(h));
        sessions.set(id, { manifest, pending: new Set(missing) });
        // the published shape: the hashes still to upload, in buckets of a request each
        const buckets: string[][] = [];
        for (let i = 0; i < missing.length; i += 50) buckets.push(missing.slice(i, i + 50));
        if (missing.length === 0) completed.set(id, Object.fromEntries(Object.entries(manifest).map(([p, e]) => [p, e.hash])));
        return [200, envelope({ jwt: jwt(missing.length === 0 ? { completion: id } : { session: id }), buckets })];
      },
    ],
    [
      'POST',
      /^\/accounts\/([^/]+)\/workers\/assets\/upload$/,
      (req, _m, raw) => {
        const session = jwtPayload((raw.headers.authorization ?? '').replace(/^Bearer /, ''))?.session;
        const s = typeof session === 'string' ? sessions.get(session) : undefined;
        if (!s) return [401, failure(10000, 'Authentication error: the upload token is not valid')];
        if (typeof req.body !== 'object' || req.body === null) return [400, failure(10021, 'a multipart body of files by hash is required')];
        const sizes = new Map(Object.values(s.manifest).map((e) => [e.hash, e.size]));
        for (const [hash, content] of Object.entries(req.body as Record<string, string>)) {
          if (!s.pending.has(hash)) return [400, failure(10022, `${hash} is not part of this upload session`)];
          const bytes = req.query.get('base64') === 'true' ? Buffer.from(content, 'base64') : Buffer.from(content);
          if (bytes.length !== sizes.get(hash)) return [400, failure(10023, `${hash} has ${bytes.length} bytes, the manifest said ${sizes.get(hash)}`)];
          s.pending.delete(hash);
          api.assetUploads.set(hash, (api.assetUploads.get(hash) ?? 0) + 1);
        }
        if (s.pending.size > 0) return [202, envelope({ jwt: null })];
        completed.set(session as string, Object.fromEntries(Object.entries(s.manifest).map(([p, e]) => [p, e.hash])));
        return [201, envelope({ jwt: jwt({ completion: session }) })];
      },
    ],
    // the first upload (and any with migrations) puts the script and deploys it at once
    [
      'PUT',
      /^\/accounts\/([^/]+)\/workers\/scripts\/([^/]+)$/,
      (req, m) => {
        const version = upload(m[2] as string, req.body);
        if ('error' in version) return [400, version.error];
        deploy(m[2] as string, version);
        return [200, envelope({ id: m[2], etag: version.id.replace(/-/g, ''), deployment_id: version.id, startup_time_ms: 1, created_on: version.createdOn })];
      },
    ],
    // later ones upload a version, then deploy it (https://developers.cloudflare.com/workers/configuration/versions-and-deployments/)
    [
      'POST',
      /^\/accounts\/([^/]+)\/workers\/scripts\/([^/]+)\/versions$/,
      (req, m) => {
        if (!worker(m[2] as string)) return [404, notFound(m[2] as string)];
        const version = upload(m[2] as string, req.body);
        if ('error' in version) return [400, version.error];
        versions.set(version.id, version);
        const resources = { script: { etag: version.id.replace(/-/g, ''), handlers: ['fetch'] }, bindings: version.metadata.bindings ?? [] };
        return [200, envelope({ id: version.id, number: versions.size, metadata: { has_preview: false }, resources, startup_time_ms: 1 })];
      },
    ],
    [
      'POST',
      /^\/accounts\/([^/]+)\/workers\/scripts\/([^/]+)\/deployments$/,
      (req, m) => {
        const chosen = (req.body as { versions?: { version_id: string; percentage: number }[] })?.versions ?? [];
        const version = chosen.length === 1 && chosen[0]?.percentage === 100 ? versions.get(chosen[0].version_id) : undefined;
        if (!version || version.name !== m[2]) return [400, failure(10021, 'deploy one uploaded version of this Worker at 100%')];
        deploy(m[2] as string, version);
        return [200, envelope(deploymentOf(worker(m[2] as string) as StoredWorker))];
      },
    ],
    [
      'GET',
      /^\/accounts\/([^/]+)\/workers\/scripts\/([^/]+)\/deployments$/,
      (_req, m) => {
        const w = worker(m[2] as string);
        return w ? [200, envelope({ deployments: [deploymentOf(w)] })] : [404, notFound(m[2] as string)];
      },
    ],
    [
      'GET',
      /^\/accounts\/([^/]+)\/workers\/scripts\/([^/]+)\/settings$/,
      (_req, m) => {
        const w = worker(m[2] as string);
        return w ? [200, envelope(settingsOf(w))] : [404, notFound(m[2] as string)];
      },
    ],
    [
      'GET',
      /^\/accounts\/([^/]+)\/workers\/scripts\/([^/]+)\/schedules$/,
      (_req, m) => {
        const w = worker(m[2] as string);
        return w ? [200, envelope({ schedules: schedulesOf(w) })] : [404, notFound(m[2] as string)];
      },
    ],
    [
      'PUT',
      /^\/accounts\/([^/]+)\/workers\/scripts\/([^/]+)\/schedules$/,
      (req, m) => {
        const w = worker(m[2] as string);
        if (!w) return [404, notFound(m[2] as string)];
        const body = req.body as { cron?: unknown }[];
        if (!Array.isArray(body) || body.some((s) => typeof s?.cron !== 'string')) return [400, failure(10021, 'a list of {cron} is required')];
        w.crons = body.map((s) => s.cron as string);
        return [200, envelope({ schedules: schedulesOf(w) })];
      },
    ],
    [
      'PATCH',
      /^\/accounts\/([^/]+)\/workers\/scripts\/([^/]+)\/script-settings$/,
      (req, m) => {
        const w = worker(m[2] as string);
        if (!w) return [404, notFound(m[2] as string)];
        const { observability, logpush, tags } = (req.body ?? {}) as Record<string, unknown>;
        w.metadata = { ...w.metadata, ...(observability === undefined ? {} : { observability }), ...(logpush === undefined ? {} : { logpush }) };
        return [200, envelope({ ...settingsOf(w), tags: tags ?? [] })];
      },
    ],
    [
      'GET',
      /^\/accounts\/([^/]+)\/workers\/workers\/([^/]+)$/,
      (_req, m) => {
        const w = worker(m[2] as string);
        if (!w) return [404, notFound(m[2] as string)];
        return [200, envelope({ id: m[2], name: m[2], subdomain: { enabled: w.workersDev, previews_enabled: false } })];
      },
    ],
    [
      'POST',
      /^\/accounts\/([^/]+)\/workers\/scripts\/([^/]+)\/subdomain$/,
      (req, m) => {
        const w = worker(m[2] as string);
        if (!w) return [404, notFound(m[2] as string)];
        w.workersDev = (req.body as { enabled?: boolean }).enabled === true;
        return [200, envelope({ enabled: w.workersDev, previews_enabled: false })];
      },
    ],
    [
      'POST',
      /^\/accounts\/([^/]+)\/workers\/scripts\/([^/]+)\/domains\/changeset$/,
      (req, m) => {
        const w = worker(m[2] as string);
        if (!w) return [404, notFound(m[2] as string)];
        const origins = Array.isArray(req.body) ? (req.body as { hostname: string }[]) : [];
        const outside = origins.find((o) => !zoneOf(o.hostname));
        if (outside) return [400, failure(100117, `${outside.hostname} is not in a zone of this account`)];
        const added = origins.filter((o) => !w.domains.includes(o.hostname)).map((o) => ({ ...o, id: randomUUID(), zone_name: zoneOf(o.hostname) }));
        const removed = w.domains.filter((d) => !origins.some((o) => o.hostname === d)).map((hostname) => ({ hostname }));
        return [200, envelope({ added, removed, updated: [], conflicting: [] })];
      },
    ],
    [
      'PUT',
      /^\/accounts\/([^/]+)\/workers\/scripts\/([^/]+)\/domains\/records$/,
      (req, m) => {
        const w = worker(m[2] as string);
        if (!w) return [404, notFound(m[2] as string)];
        const origins = ((req.body as { origins?: { hostname: string }[] })?.origins ?? []).map((o) => o.hostname);
        if (origins.some((h) => !zoneOf(h))) return [400, failure(100117, 'a hostname is not in a zone of this account')];
        w.domains = origins;
        return [
          200,
          envelope(origins.map((hostname) => ({ id: randomUUID(), hostname, zone_name: zoneOf(hostname), service: m[2], environment: 'production' }))),
        ];
      },
    ],
    [
      'PUT',
      /^\/accounts\/([^/]+)\/workers\/scripts\/([^/]+)\/secrets$/,
      (req, m) => {
        const w = worker(m[2] as string);
        if (!w) return [404, notFound(m[2] as string)];
        const { name, text, type } = req.body as { name?: string; text?: string; type?: string };
        if (!name || typeof text !== 'string' || type !== 'secret_text') return [400, failure(10021, 'name, text and type secret_text are required')];
        w.secrets.set(name, text);
        return [200, envelope({ name, type })];
      },
    ],
    [
      'GET',
      /^\/accounts\/([^/]+)\/workers\/scripts\/([^/]+)\/secrets$/,
      (_req, m) => {
        const w = worker(m[2] as string);
        if (!w) return [404, notFound(m[2] as string)];
        return [200, envelope([...w.secrets.keys()].map((name) => ({ name, type: 'secret_text' })))];
      },
    ],
  ];

  const server = createServer(async (raw, res) => {
    const url = new URL(raw.url ?? '/', 'http://stand-in');
    const path = url.pathname.replace(/^\/client\/v4/, '');
    const chunks: Buffer[] = [];
    for await (const chunk of raw) chunks.push(chunk as Buffer);
    const bytes = Buffer.concat(chunks);
    const type = raw.headers['content-type'] ?? '';
    let body: unknown;
    if (type.startsWith('multipart/form-data')) {
      try {
        const form = await new Request(url, { method: 'POST', headers: { 'content-type': type }, body: bytes }).formData();
        const parts: Record<string, string> = {};
        for (const [name, value] of form.entries()) parts[name] = typeof value === 'string' ? value : await value.text();
        body = parts;
      } catch {
        send(res, 400, failure(10021, 'the multipart body cannot be read'));
        return;
      }
    } else if (bytes.length > 0) {
      try {
        body = JSON.parse(bytes.toString('utf8'));
      } catch {
        body = bytes.toString('utf8');
      }
    }
    const req: CloudflareRequest = { method: raw.method ?? 'GET', path, query: url.searchParams, body };
    api.requests.push(req);
    const auth = raw.headers.authorization ?? '';
    // the upload endpoint takes the session's token; every other one the account's
    if (!path.endsWith('/workers/assets/upload') && auth !== `Bearer ${token}`) {
      send(res, 403, failure(10000, 'Authentication error'));
      return;
    }
    for (const [method, pattern, route] of routes) {
      const match = pattern.exec(path);
      if (!match || method !== req.method) continue;
      if (match[1] && path.startsWith('/accounts/') && match[1] !== accountId) {
        send(res, 403, failure(10000, 'Authentication error: not your account'));
        return;
      }
      try {
        const [status, answer] = route(req, match, raw);
        send(res, status, answer);
      } catch (error) {
        send(res, 400, failure(10021, `the stand-in could not read this request: ${error instanceof Error ? error.message : String(error)}`));
      }
      return;
    }
    api.unknown.push(`${req.method} ${path}`);
    send(res, 404, failure(7003, `Could not route to ${path}, perhaps your object identifier is invalid?`));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api.baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/client/v4`;
  return api;
}
