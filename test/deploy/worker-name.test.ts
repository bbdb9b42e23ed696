// Which Worker a deploy updates, and where it answers: WORKER_NAME, else a name from SITE_URL
// (whose workers.dev address names its Worker itself), with workers.dev always on and a custom
// domain only for a host that is neither workers.dev nor this machine.
import { describe, expect, it } from 'vitest';
import { customDomain, workersDevUrl } from '../../scripts/cloudflare/address.ts';
import { workerName, wranglerConfig } from '../../src/build/deploy/worker.ts';
import type { Manifest } from '../../src/core/http/manifest.ts';

const manifest = (siteUrl: string): Manifest => ({ build_id: 'b', site_url: siteUrl, since_dates: [], resources: {} });
const options = { workerName: '', maxAgeS: 60, validators: 'edge' as const, newSessionsPerMinute: 60 };

describe("the Worker's name and address", () => {
  it('is WORKER_NAME when set, and keeps workers.dev on', () => {
    const config = wranglerConfig(manifest('https://reviews.acme-plumbing.com'), { ...options, workerName: 'reviews-acme' });
    expect(config.name).toBe('reviews-acme');
    expect(config.workers_dev).toBe(true);
    expect(config.vars.SITE_URL).toBe('https://reviews.acme-plumbing.com');
  });

  it('comes from SITE_URL otherwise: a custom host gives reviews-<host>, a workers.dev address its own name', () => {
    expect(wranglerConfig(manifest('https://reviews.acme-plumbing.com'), options).name).toBe('reviews-reviews-acme-plumbing-com');
    expect(workerName('http://localhost:4321')).toBe('reviews-localhost-4321');
    const address = workersDevUrl('reviews-acme', 'acme');
    expect(address).toBe('https://reviews-acme.acme.workers.dev');
    expect(workerName(address)).toBe('reviews-acme');
    expect(wranglerConfig(manifest(address), options).name).toBe('reviews-acme');
  });

  it('gets a custom domain only for a host that is neither workers.dev nor this machine', () => {
    expect(customDomain('https://reviews.acme-plumbing.com')).toBe('reviews.acme-plumbing.com');
    expect(customDomain('https://reviews-acme.acme.workers.dev')).toBeUndefined();
    for (const local of ['http://localhost:4321', 'http://127.0.0.1:8787', 'http://[::1]:8787']) expect(customDomain(local)).toBeUndefined();
  });
});
