import { describe, expect, it } from 'vitest';
import { boundedText, httpUrl, idList, idNumber, INT4_MAX, isHttpUrl, MAX_IDS_PER_LIST, TEXT_MAX } from './bounds.ts';

describe('bounds', () => {
  it('take only absolute http(s) URLs with a host', () => {
    for (const url of ['https://loinc.org/', 'http://example.org/a?b=c#d', 'HTTPS://EXAMPLE.ORG']) expect(isHttpUrl(url), url).toBe(true);
    for (const url of ['javascript:alert(1)', 'JaVaScRiPt:alert(1)//https://x', 'data:text/html,x', 'ftp://x.org', '/\\evil.example/path', '//evil.example', 'https://', 'https:// x.org', 'mailto:a@b.org']) {
      expect(isHttpUrl(url), url).toBe(false);
    }
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
