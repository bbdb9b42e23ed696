// What `reviews init --engine` writes into the site's package.json: a tarball on this machine
// becomes a copy in the site's engine/ folder named by a relative path; anything npm fetches by
// itself (a range, a URL, a git spec) is written as given; a missing file is refused.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { engineSpec } from '../../scripts/cli/engine-tarball.ts';
import { tempDir } from '../helpers/paths.ts';

const work = tempDir('engine-spec');
const tarball = join(work, 'packed', 'reviews-service-1.2.0.tgz');
mkdirSync(join(work, 'packed'), { recursive: true });
writeFileSync(tarball, 'not read here');
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('engineSpec', () => {
  it('keeps a tarball on this machine inside the site, named by a relative path', () => {
    const site = join(work, 'site');
    for (const raw of [tarball, `file:${tarball}`, './packed/reviews-service-1.2.0.tgz', 'packed/reviews-service-1.2.0.tgz'])
      expect(engineSpec(raw, site, work), raw).toEqual({ spec: 'file:engine/reviews-service-1.2.0.tgz', tarball });
  });

  it('writes what npm fetches by itself as given', () => {
    for (const raw of ['^1.0.0', '1.2.0', 'latest', 'https://example.com/reviews-service-1.2.0.tgz', 'github:acme/reviews-service'])
      expect(engineSpec(raw, join(work, 'site'), work)).toEqual({ spec: raw });
  });

  it('names an engine folder from the site, and refuses a file that is missing or not a tarball', () => {
    expect(engineSpec(`file:${join(work, 'packed')}`, join(work, 'site'), work)).toEqual({ spec: 'file:../packed' });
    expect(() => engineSpec('./gone.tgz', join(work, 'site'), work)).toThrow(/gone\.tgz, which does not exist; pack the engine first/);
    writeFileSync(join(work, 'notes.txt'), '');
    expect(() => engineSpec('file:./notes.txt', join(work, 'site'), work)).toThrow(/is not a packed tarball \(\.tgz\)/);
  });
});
