// The one reading of "is this request a built file's?" that every static door asks
// (src/core/http/built-file.ts): a GET or HEAD of a path the build lists, nothing else.
import { describe, expect, it } from 'vitest';
import { builtFileAsked } from '../../src/core/http/built-file.ts';
import { notModifiedHeaders } from '../../src/core/http/conditional.ts';

const RESOURCES = { '/reviews.json': { etag: '"a"' }, '/api/': { etag: '"b"' } };

describe('builtFileAsked', () => {
  it('gives the entry of a GET or HEAD of a listed path', () => {
    expect(builtFileAsked(RESOURCES, 'GET', '/reviews.json')).toEqual({ etag: '"a"' });
    expect(builtFileAsked(RESOURCES, 'HEAD', '/api/')).toEqual({ etag: '"b"' });
  });

  it('declines other methods, unlisted paths and paths not as listed', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'OPTIONS', 'get']) expect(builtFileAsked(RESOURCES, method, '/reviews.json')).toBeUndefined();
    expect(builtFileAsked(RESOURCES, 'GET', '/api')).toBeUndefined();
    expect(builtFileAsked(RESOURCES, 'GET', '/missing.json')).toBeUndefined();
  });
});

describe('notModifiedHeaders', () => {
  it('keeps what a 304 repeats and drops the rest', () => {
    const headers = { etag: '"a"', 'cache-control': 'max-age=60', 'content-type': 'application/json', 'content-length': '10', vary: 'Accept' };
    expect(notModifiedHeaders(headers)).toEqual({ etag: '"a"', 'cache-control': 'max-age=60', vary: 'Accept' });
  });
});
