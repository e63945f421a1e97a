import { describe, expect, it } from 'vitest';
import { apiGuideSectionHref, graphqlCurlExample, restCurlExample } from './apiDocExamples.ts';

describe('API documentation examples', () => {
  it("name the site's own origin, never a placeholder", () => {
    for (const example of [graphqlCurlExample('https://registry.example.org'), restCurlExample('https://registry.example.org')]) {
      expect(example).toContain('https://registry.example.org/');
      expect(example).not.toContain('<');
    }
  });

  it("link a guide section by its heading's text", () => {
    expect(apiGuideSectionHref('Paging through all records')).toBe('/api/guide#:~:text=%23%23%20Paging%20through%20all%20records');
  });
});
