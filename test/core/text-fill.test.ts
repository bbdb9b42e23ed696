// The long texts live in JSON catalogues (src/core/text/fill.ts): their placeholders are filled
// or the build stops, and each catalogue holds no text that nothing reads.
import { describe, expect, it } from 'vitest';
import { loadContentDir } from '../../src/build/content-dir.ts';
import { siteUrls } from '../../src/core/http/urls.ts';
import { openApiDocument } from '../../src/core/openapi/document.ts';
import OPENAPI_TEXT from '../../src/core/openapi/text.json' with { type: 'json' };
import LLMS_TEXT from '../../src/core/site/llms-txt.json' with { type: 'json' };
import { llmsTxt } from '../../src/core/site/llms-txt.ts';
import { fill } from '../../src/core/text/fill.ts';
import { SMALL_CONTENT } from '../helpers/paths.ts';

describe('fill', () => {
  it('joins the pieces as written and fills each {{name}}, leaving single braces alone', () => {
    expect(fill(['Page {{n}} of ', '/reviews/page/{page}/'], { n: 2 })).toBe('Page 2 of /reviews/page/{page}/');
    expect(fill('{{a}}{{a}} {{b}}', { a: 'x', b: 0 })).toBe('xx 0');
  });

  it('fills values as they are, never reading placeholders in them', () => {
    expect(fill('# {{name}}', { name: '{{name}} & Sons' })).toBe('# {{name}} & Sons');
  });

  it('throws when a placeholder has no value', () => {
    expect(() => fill('The {{feedSize}} newest', {})).toThrow(/needs a value for \{\{feedSize\}\}/);
  });
});

describe('the catalogues', () => {
  it('describe exactly the operations the OpenAPI document has', () => {
    const doc = openApiDocument(siteUrls('https://reviews.example.com'));
    const ids = Object.values(doc.paths as Record<string, Record<string, { operationId?: string }>>).flatMap((item) =>
      Object.values(item).flatMap((op) => (typeof op === 'object' && op.operationId ? [op.operationId] : [])),
    );
    expect(Object.keys(OPENAPI_TEXT.operations).sort()).toEqual([...ids].sort());
  });

  it('leave no placeholder unfilled in the OpenAPI document or llms.txt, one line of llms.txt per entry', () => {
    const urls = siteUrls('https://reviews.example.com');
    expect(JSON.stringify(openApiDocument(urls))).not.toMatch(/\{\{\w+\}\}/);
    const text = llmsTxt(loadContentDir(SMALL_CONTENT), urls);
    expect(text).not.toMatch(/\{\{\w+\}\}/);
    expect(text.split('\n')).toHaveLength(LLMS_TEXT.lines.length);
  });
});
