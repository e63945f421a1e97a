import { readFile } from 'node:fs/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { KeptFiles } from './kept-files.ts';

const files = new KeptFiles();
afterEach(() => files.clear());

async function* chunks(...parts: string[]): AsyncGenerator<string> {
  yield* parts;
}

async function read(name: string, version: string, build: () => AsyncIterable<string>): Promise<string> {
  const handle = await files.open(name, version, build);
  try {
    return await readFile(handle, 'utf8');
  } finally {
    await handle.close();
  }
}

describe('kept dumps', () => {
  it('builds a dump once per version, however many ask at once, and again for a new version', async () => {
    let builds = 0;
    const build = () => {
      builds += 1;
      return chunks('[', `${builds}`, ']');
    };
    expect(await Promise.all([read('d', 'v1', build), read('d', 'v1', build), read('d', 'v1', build)])).toEqual(['[1]', '[1]', '[1]']);
    expect(await read('d', 'v1', build)).toBe('[1]');
    expect(builds).toBe(1);
    expect(await read('d', 'v2', build)).toBe('[2]');
    expect(await read('other', 'v2', build)).toBe('[3]');
  });

  it('keeps nothing of a build that fails, and its requests fail', async () => {
    async function* broken(): AsyncGenerator<string> {
      yield '[';
      throw new Error('the database went away');
    }
    await expect(read('d', 'v1', broken)).rejects.toThrow('the database went away');
    expect(await read('d', 'v1', () => chunks('[]'))).toBe('[]');
  });

  it('keeps the build of the latest request when builds of two versions overlap', async () => {
    let release: () => void = () => {};
    const slow = async function* (): AsyncGenerator<string> {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      yield 'old';
    };
    const older = read('d', 'v1', slow);
    expect(await read('d', 'v2', () => chunks('new'))).toBe('new');
    release();
    expect(await older).toBe('old');
    expect(await read('d', 'v2', () => chunks('rebuilt'))).toBe('new');
  });
});
