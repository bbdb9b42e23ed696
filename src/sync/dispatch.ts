// GitHub's "Create a workflow dispatch event": the one request that starts the site's sync
// workflow. https://docs.github.com/en/rest/actions/workflows#create-a-workflow-dispatch-event
import type { WatchSettings } from '../settings/watch.ts';
import { SyncError } from './errors.ts';
import { excerpt, type HttpOptions, send } from './http.ts';

export const GITHUB = 'github';

/** The request, in GitHub's shape: `ref` in a JSON body, the API version pinned. */
export function dispatchRequest(settings: WatchSettings): { url: string; init: RequestInit; label: string } {
  const url = `${settings.githubApiUrl}/repos/${settings.repository}/actions/workflows/${encodeURIComponent(settings.workflow)}/dispatches`;
  return {
    url,
    label: `POST ${url}`,
    init: {
      method: 'POST',
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${settings.token}`,
        'x-github-api-version': '2022-11-28',
        'content-type': 'application/json',
        'user-agent': 'reviews-service-watch',
      },
      body: JSON.stringify({ ref: settings.ref }),
    },
  };
}

/** Starts the workflow (GitHub answers 204); throws a SyncError that says what to fix, with GitHub's Retry-After when it gave one. */
export async function dispatchWorkflow(settings: WatchSettings, http: HttpOptions): Promise<void> {
  const { url, init, label } = dispatchRequest(settings);
  const res = await send(GITHUB, label, url, init, http);
  if (res.status === 204) return;
  const reason = res.text ? ` (${excerpt(res.text)})` : '';
  if (res.status === 401)
    throw new SyncError(
      GITHUB,
      'authorisation',
      `${label} answered 401${reason}: SYNC_DISPATCH_TOKEN is expired or revoked; make a new one (docs/keeping-it-fresh.md)`,
    );
  // GitHub's secondary rate limits answer 403 with Retry-After
  // (https://docs.github.com/en/rest/using-the-rest-api/rate-limits-for-the-rest-api#exceeding-the-rate-limit).
  const after = res.retryAfterS;
  if (res.status === 403 && after !== undefined) throw new SyncError(GITHUB, 'transient', `${label} answered 403${reason}: rate limited`, after);
  if (res.status === 403 || res.status === 404)
    throw new SyncError(
      GITHUB,
      'configuration',
      `${label} answered ${res.status}${reason}: check SYNC_DISPATCH_REPOSITORY and ` +
        'SYNC_DISPATCH_WORKFLOW, and that SYNC_DISPATCH_TOKEN has "Actions: write" on that ' +
        'repository',
    );
  if (res.status === 422)
    throw new SyncError(
      GITHUB,
      'configuration',
      `${label} answered 422${reason}: check SYNC_DISPATCH_REF, and that the workflow has a workflow_dispatch trigger`,
    );
  throw new SyncError(GITHUB, 'transient', `${label} answered ${res.status}${reason}`);
}
