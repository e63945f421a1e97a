/**
 * The signature examples of docs/webhooks.md, run as written: each verifier accepts a delivery
 * signed by the registry's own signing code and refuses a tampered body or a wrong secret, and the
 * curl example's delivery is one the registry's signing code would have made.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newWebhookSecret, signWebhook } from '@registry/api/webhooks/webhook-signature.ts';

const doc = readFileSync(new URL('../../docs/webhooks.md', import.meta.url), 'utf8');
const blocks = [...doc.matchAll(/```(python|js|sh)\n([\s\S]*?)```/g)].map(([, language, code]) => ({ language, code }));
const block = (language: string, firstLine?: string) => {
  const found = blocks.find((candidate) => candidate.language === language && (firstLine === undefined || candidate.code.startsWith(firstLine)));
  if (!found) throw new Error(`docs/webhooks.md has no ${language} example ${firstLine ?? ''}`);
  return found.code;
};

let folder = '';
const secret = newWebhookSecret();
const body = JSON.stringify({ type: 'record.updated', timestamp: '2026-11-26T04:00:00.000000Z', data: { recordId: 1, sections: ['général'] } });

function run(command: string, args: string[], input: string, env: Record<string, string>) {
  const result = spawnSync(command, args, { input, env: { ...process.env, ...env }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} failed: ${result.stderr}`);
  return result.stdout.trim();
}

/** As `run`, without blocking this process (the curl example calls a server in it). */
function runAsync(command: string, args: string[], input: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env: { ...process.env, ...env } });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(stdout.trim()) : reject(new Error(`${command} failed: ${stderr}`))));
    child.stdin.end(input);
  });
}

beforeAll(() => {
  folder = mkdtempSync(join(tmpdir(), 'webhook-examples-'));
  writeFileSync(join(folder, 'verify.py'), block('python'));
  writeFileSync(join(folder, 'verify.mjs'), block('js'));
  writeFileSync(join(folder, 'verify.sh'), block('sh', '# verify'));
  writeFileSync(join(folder, 'send.sh'), block('sh', '# send'));
});

afterAll(() => rmSync(folder, { recursive: true, force: true }));

describe.each([
  ['Python', 'python3', 'verify.py'],
  ['JavaScript', process.execPath, 'verify.mjs'],
  ['openssl', 'sh', 'verify.sh'],
])('the %s verifier', (_name, command, file) => {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const headers = { WEBHOOK_SECRET: secret, WEBHOOK_ID: 'msg_1_abc', WEBHOOK_TIMESTAMP: timestamp, WEBHOOK_SIGNATURE: signWebhook(secret, 'msg_1_abc', Number(timestamp), body) };
  const verify = (input: string, env: Record<string, string>) => run(command, [join(folder, file)], input, env);

  it('accepts a delivery the registry signed', () => {
    expect(verify(body, headers)).toBe('valid');
    expect(verify(body, { ...headers, WEBHOOK_SIGNATURE: `v1,c29tZXRoaW5nIGVsc2U= ${headers.WEBHOOK_SIGNATURE}` })).toBe('valid');
  });

  it('refuses a tampered body, another id or another secret', () => {
    expect(verify(body.replace('"recordId":1', '"recordId":2'), headers)).toBe('invalid');
    expect(verify(body, { ...headers, WEBHOOK_ID: 'msg_1_abd' })).toBe('invalid');
    expect(verify(body, { ...headers, WEBHOOK_SECRET: newWebhookSecret() })).toBe('invalid');
  });
});

describe('the curl example', () => {
  let receiver: Server;
  const seen: boolean[] = [];

  beforeAll(async () => {
    receiver = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const received = Buffer.concat(chunks).toString();
        const expected = signWebhook(secret, String(request.headers['webhook-id']), Number(request.headers['webhook-timestamp']), received);
        seen.push(received === body && request.headers['webhook-signature'] === expected);
        response.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  });

  afterAll(async () => new Promise((resolve) => receiver.close(resolve)));

  it('sends a delivery signed as the registry signs', async () => {
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    expect(await runAsync('sh', [join(folder, 'send.sh')], body, { WEBHOOK_SECRET: secret, RECEIVER_URL: url })).toBe('204');
    expect(seen).toEqual([true]);
  });
});
