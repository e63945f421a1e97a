/**
 * The committed GraphQL types are what `npm run codegen` makes of today's schema and documents:
 * GraphQL Code Generator runs in memory with the repository's config (codegen.config.ts) and each
 * output is compared with its file. Fails after a schema or document change until the types
 * are generated again.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from '@graphql-codegen/cli';
import { describe, expect, it } from 'vitest';
import config from '../../codegen.config.ts';

const ROOT = join(import.meta.dirname, '..', '..');

describe('generated GraphQL types', () => {
  it('are up to date with the schema and the documents (npm run codegen)', async () => {
    // Outside watch mode `generate` answers the outputs (its declared type also allows watch mode's nothing).
    const outputs: { filename: string; content: string }[] = await generate({ ...config, cwd: ROOT, silent: true }, false);
    expect(outputs.map((output) => output.filename).sort()).toEqual(Object.keys(config.generates).sort());
    for (const output of outputs) {
      const committed = readFileSync(join(ROOT, output.filename), 'utf8');
      expect(committed, `${output.filename} is stale: run npm run codegen`).toBe(output.content);
    }
  });
});
