/**
 * The lint configuration keeps outbound HTTP in the egress module: a global `fetch` anywhere else
 * in services/ is an error (eslint.config.js), inside services/platform/src/egress/ it is not.
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: fileURLToPath(new URL('../..', import.meta.url)) });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('outbound HTTP outside the egress module', () => {
  const call = "export async function lookUp(url: string): Promise<number> { return (await fetch(url)).status; }\n";

  it('is refused in a domain of the API and in the platform', async () => {
    expect(await ruleIds(call, 'services/api/src/references/publication-resolver.ts')).toEqual(['no-restricted-globals']);
    expect(await ruleIds(call, 'services/platform/src/queue/index-queue.ts')).toEqual(['no-restricted-globals']);
    expect(await ruleIds('export const send = globalThis.fetch;\n', 'services/api/src/dois/datacite-client.ts')).toEqual(['no-restricted-properties']);
  });

  it('is allowed in the egress module itself', async () => {
    expect(await ruleIds(call, 'services/platform/src/egress/fetch-safely.ts')).toEqual([]);
  });
});
