// The Worker's warm-up of the MCP tools when an isolate starts (sidecar/mcp/warm.ts): each tool
// runs on a build of the one review the script carries, so that a fresh isolate's first call
// pays for itself only. A tool that stopped answering there would leave that cost to the first
// request again, silently.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOOLS } from '../../sidecar/mcp/tools/index.ts';
import { warmTools } from '../../sidecar/mcp/warm.ts';
import { fullestReview } from '../../src/build/deploy/worker.ts';
import type { Manifest } from '../../src/core/http/manifest.ts';
import type { ReviewsDocument } from '../../src/core/schemas/documents.ts';
import { SAMPLE_CONTENT } from '../helpers/paths.ts';
import { sharedBuild } from '../helpers/shared-build.ts';

describe('warming the MCP tools', () => {
  it('answers every tool but the one that reads a built file on a one-review build of the sample', async () => {
    const out = await sharedBuild(SAMPLE_CONTENT, 'https://reviews.example');
    const manifest = JSON.parse(readFileSync(join(out, 'manifest.json'), 'utf8')) as Manifest;
    const doc = JSON.parse(readFileSync(join(out, 'site', 'reviews.json'), 'utf8')) as ReviewsDocument;
    const review = fullestReview(doc);
    expect(review).toBeDefined();
    const answered = warmTools({ manifest, business: doc.business, review });
    expect(answered).toEqual(TOOLS.map((t) => t.name).filter((name) => name !== 'get_insights'));
  });

  it('warms no tool run without a review', () => {
    expect(warmTools()).toEqual([]);
  });
});
