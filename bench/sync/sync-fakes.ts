// What the sync's benchmarks share: the HTTPS fakes of the sources (and of GitHub, given its
// repository and token) with the benchmarks' ids and credentials, and an empty content folder
// with its OUT_DIR and SYNC_DIR (bench:sync, bench:freshness).
import { copyFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type FakeApisOptions, startFakeApis } from '../../test/helpers/stand-ins/fake-apis.ts';
import type { TestPki } from '../../test/helpers/pki.ts';
import { ROOT, tempDir } from '../shared/lib.ts';

export const ACCOUNT = '1111';
export const LOCATION = '9001';
export const UNIT = '507f191e810c19729de860ea';

export function startBenchFakes(pki: TestPki, more: Partial<FakeApisOptions> = {}) {
  return startFakeApis(pki, {
    account: ACCOUNT,
    location: LOCATION,
    businessUnitId: UNIT,
    clientId: 'bench.apps.googleusercontent.com',
    clientSecret: 'bench-client-secret-0000',
    refreshToken: 'bench-refresh-token-0000',
    apiKey: 'bench-api-key-0000',
    ...more,
  });
}

/** A content folder with the import fixtures' business (it has a time zone) and no reviews yet. */
export function freshContent(name: string): { content: string; syncDir: string; out: string } {
  const root = tempDir(name);
  const content = join(root, 'content');
  mkdirSync(content);
  copyFileSync(join(ROOT, 'test/fixtures/import/business.json'), join(content, 'business.json'));
  copyFileSync(join(ROOT, 'test/fixtures/small/editorial.json'), join(content, 'editorial.json'));
  writeFileSync(join(content, 'reviews.json'), '[]\n');
  return { content, syncDir: join(root, 'sync'), out: join(root, 'dist') };
}
