import { describe, expect, it } from 'vitest';
import { boundedText, httpUrl, idList, idNumber, INT4_MAX, isHttpUrl, MAX_IDS_PER_LIST, sitePath, sitePathOf, TEXT_MAX } from './bounds.ts';

describe('bounds', () => {
  it('take only absolute http(s) URLs with a host', () => {
    for (const url of ['https://loinc.org/', 'http://example.org/a?b=c#d', 'HTTPS://EXAMPLE.ORG']) expect(isHttpUrl(url), url).toBe(true);
    for (const url of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)//https://x', 'data:text/html,x', 'ftp://x.org', '/\\evil.example/path', '//evil.example', 'https://', 'https:// x.org', 'mailto:a@b.org']) {
      expect(isHttpUrl(url), url).toBe(false);
    }
  });

  it('read URLs with the WHATWG parser: a text that names another target on another page is no stored URL', () => {
    // `http:host` is http://host/ alone but a path on an http page; the rest depend on the page or on dropped characters.
    for (const url of ['http:evil.example', 'https:evil.example', 'http:/evil.example', '//evil.example/x', 'ftp://evil.example/x', 'http://exa\tmple.org/', 'http://example.org/a b', ' https://x.org']) {
      expect(isHttpUrl(url), JSON.stringify(url)).toBe(false);
    }
    for (const url of ['http://[::1]:8080/', 'https://例え.jp/パス', 'http://example.org:8080/a/../b']) expect(isHttpUrl(url), url).toBe(true);
  });

  it('keep a site path only when the parser reads it on the site (the saved-search examples first)', () => {
    for (const path of ['/\\evil.example/path', '/\\/evil.example', '//evil.example', '/\t/evil.example', '\\\\evil.example', '/.//evil.example', 'https://evil.example/search',
      'http:evil.example', 'javascript:alert(1)', '/search?q=a b', '']) {
      expect(sitePathOf(path), JSON.stringify(path)).toBeNull();
    }
    expect(sitePathOf('/search?fairsharingRegistry=Policy#results')).toBe('/search?fairsharingRegistry=Policy#results');
    expect(sitePathOf('/search/../standards?q=x')).toBe('/standards?q=x');
    expect(sitePathOf('search')).toBe('/search');
    expect(sitePathOf('http://localhost:3000/search?q=rna', 'http://localhost:3000')).toBe('/search?q=rna');
    expect(sitePathOf('http://localhost:3001/search?q=rna', 'http://localhost:3000')).toBeNull();
  });

  it('store a site path as its path, and refuse one leading elsewhere with the rule\'s message', async () => {
    const rule = sitePath('a path of this site');
    await expect(rule.validate('/\\evil.example/path')).rejects.toThrow('a path of this site');
    await expect(rule.validate('/\\/evil.example')).rejects.toThrow('a path of this site');
    await expect(rule.validate('')).rejects.toThrow('a path of this site');
    await expect(rule.validate(' /search?q=rna ')).resolves.toBe('/search?q=rna');
    await expect(rule.validate('https://registry.example/search?q=rna', { context: { siteOrigin: 'https://registry.example' } })).resolves.toBe('/search?q=rna');
    await expect(rule.validate('https://registry.example/search?q=rna')).rejects.toThrow('a path of this site');
  });

  it('keep ids in the int4 range and id lists short and without repeats', async () => {
    await expect(idNumber().isValid(INT4_MAX)).resolves.toBe(true);
    for (const id of [INT4_MAX + 1, 0, -1, 1.5]) await expect(idNumber().isValid(id), String(id)).resolves.toBe(false);
    await expect(idList().isValid([1, 2, 3])).resolves.toBe(true);
    await expect(idList().isValid([1, 1])).resolves.toBe(false);
    await expect(idList().isValid(Array.from({ length: MAX_IDS_PER_LIST + 1 }, (_, index) => index + 1))).resolves.toBe(false);
    await expect(idList().isValid(undefined)).resolves.toBe(true);
  });

  it('bound text by its kind, and URLs by both length and scheme', async () => {
    await expect(boundedText('name').isValid('x'.repeat(TEXT_MAX.name))).resolves.toBe(true);
    await expect(boundedText('name').isValid('x'.repeat(TEXT_MAX.name + 1))).resolves.toBe(false);
    await expect(httpUrl().isValid('')).resolves.toBe(true);
    await expect(httpUrl().isValid(`https://x.org/${'a'.repeat(TEXT_MAX.url)}`)).resolves.toBe(false);
    await expect(httpUrl().isValid('javascript:alert(1)')).resolves.toBe(false);
  });
});
