import { describe, expect, it } from 'vitest';
import { KeptPages } from './kept-pages.ts';

describe('KeptPages', () => {
  it('answers a page again from the one kept at the same version, and builds it again at another', async () => {
    const pages = new KeptPages({ maxBytes: 1_000_000, ttlMs: 60_000 });
    let builds = 0;
    const build = async () => `page ${++builds}`;
    expect(await pages.page('a', '1', build)).toBe('page 1');
    expect(await pages.page('a', '1', build)).toBe('page 1');
    expect(await pages.page('a', '2', build)).toBe('page 2');
    expect(await pages.page('b', '2', build)).toBe('page 3');
  });

  it('builds a page asked for several times at once only once, and keeps no failure', async () => {
    const pages = new KeptPages({ maxBytes: 1_000_000, ttlMs: 60_000 });
    let builds = 0;
    const slow = () => new Promise<string>((resolve) => setTimeout(() => resolve(`page ${++builds}`), 20));
    expect(await Promise.all([pages.page('a', '1', slow), pages.page('a', '1', slow), pages.page('a', '1', slow)])).toEqual(['page 1', 'page 1', 'page 1']);
    await expect(pages.page('c', '1', () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    expect(await pages.page('c', '1', slow)).toBe('page 2');
  });

  it('keeps at most its bytes, the least recently used page leaving first', async () => {
    const pages = new KeptPages({ maxBytes: 2 * (1_000 + 1) * 2 + 2, ttlMs: 60_000 });
    let builds = 0;
    const build = async () => `${++builds}`.padEnd(1_000, '.');
    await pages.page('a', '1', build);
    await pages.page('b', '1', build);
    await pages.page('a', '1', build);
    await pages.page('c', '1', build);
    expect(builds).toBe(3);
    expect((await pages.page('a', '1', build)).startsWith('1')).toBe(true);
    expect((await pages.page('b', '1', build)).startsWith('4')).toBe(true);
  });
});
