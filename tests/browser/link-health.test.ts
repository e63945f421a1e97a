/**
 * Link health in a real browser, after real checks against a local server (allow-listed): the
 * curator dashboard's Links tab lists a broken homepage and, in its redirected view (the choice
 * kept in the URL), updates a permanently redirected support link to its final URL; the record
 * page shows the quiet "Homepage unreachable since …" to an anonymous visitor; the maintainer's
 * profile lists the broken link.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkCheckEgress, runLinkCheck, takeLinkChecksDue, type LinkCheckDeps } from '@registry/api/link-health/link-check-jobs.ts';
import { checkAccessibility, collectConsoleErrors, openPage, pathAndQuery, saveScreenshot } from './support/index.ts';
import { startWritableSuite, type WritableSuite } from './support/writable-suite.ts';

let suite: WritableSuite;
let local: Server;
let base = '';
let broken: { id: number; name: string };
let moved: { id: number; name: string };

beforeAll(async () => {
  local = createServer((request, response) => {
    if (request.url === '/gone') response.writeHead(410).end();
    else if (request.url === '/moved') response.writeHead(301, { location: '/final' }).end();
    else response.end('fine');
  });
  await new Promise<void>((resolve) => local.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(local.address() as AddressInfo).port}`;
  suite = await startWritableSuite({ name: 'browser_link_health' });
  const db = suite.environment.db;
  await suite.addUser('cora', 'curator');
  const maintainerId = await suite.addUser('mara');
  broken = await db('records').where({ is_hidden: false, is_approved: true }).whereNotNull('homepage').orderBy('id').first('id', 'name');
  const withSupport = await db('records').where({ is_hidden: false, is_approved: true }).whereRaw("jsonb_array_length(coalesce(metadata->'support_links', '[]')) > 0")
    .whereNot('id', broken.id).orderBy('id').first('id', 'name', 'metadata');
  moved = { id: withSupport.id, name: withSupport.name };
  const supportLinks = (withSupport.metadata.support_links as { url: string }[]).map((link, index) => (index === 0 ? { ...link, url: `${base}/moved` } : link));
  await db('records').where({ id: broken.id }).update({ homepage: `${base}/gone` });
  await db('records').where({ id: moved.id }).update({ metadata: { ...withSupport.metadata, support_links: supportLinks } });
  await db('record_maintainers').insert({ record_id: broken.id, user_id: maintainerId });

  // The scheduler's sync, then checks on 1, 4, 7 and 10 November: four failures over nine days.
  await takeLinkChecksDue(db, { periodMs: 3 * 86_400_000, intervalMs: 60_000 }, new Date());
  const deps: LinkCheckDeps = {
    db,
    egress: linkCheckEgress({ egressAllow: [new URL(base).host], siteName: 'Registry test', publicUrl: 'http://registry.test' } as Parameters<typeof linkCheckEgress>[0], { hostDelayMs: 0, retries: 0 }),
    probe: { hasNetwork: async () => true },
  };
  const brokenCheck = await db('link_checks').where({ record_id: broken.id, kind: 'homepage' }).first('id');
  for (const day of [1, 4, 7, 10]) await runLinkCheck(deps, brokenCheck.id, () => new Date(Date.UTC(2026, 10, day)));
  const movedCheck = await db('link_checks').where({ record_id: moved.id, url: `${base}/moved` }).first('id');
  await runLinkCheck(deps, movedCheck.id, () => new Date(Date.UTC(2026, 10, 10)));
}, 240_000);

afterAll(async () => {
  await suite?.close();
  await new Promise((resolve) => local?.close(resolve));
});

describe('link health', () => {
  it('the Links tab lists the broken homepage, then updates a redirected link to its final URL', { timeout: 240_000 }, async () => {
    const page = await suite.signedInPage('cora');
    const errors = collectConsoleErrors(page);
    await page.goto('/curator?tab=links&days=0');
    const table = page.getByTestId('links-table');
    await table.getByRole('link', { name: broken.name }).waitFor();
    expect(await table.textContent()).toContain(`${base}/gone`);
    expect(await table.textContent()).toContain('answered 410');
    expect(await table.textContent()).toContain('1 Nov 2026');
    expect(await checkAccessibility(page)).toEqual([]);
    await saveScreenshot(page, 'curator-links-broken');

    await page.getByTestId('links-view').selectOption('redirected');
    await page.waitForURL(/view=redirected/);
    expect(pathAndQuery(page)).toContain('tab=links');
    const row = page.getByTestId('links-row').filter({ hasText: moved.name });
    await row.getByText(`${base}/final`).waitFor();
    await row.getByRole('button', { name: `Update ${moved.name} to the final URL` }).click();
    await page.getByText(`${moved.name} now links to ${base}/final.`).waitFor();
    const saved = await suite.environment.db('records').where({ id: moved.id }).first('metadata');
    expect((saved.metadata.support_links as { url: string }[])[0]!.url).toBe(`${base}/final`);
    expect(errors.messages).toEqual([]);
  });

  it('the record page says quietly since when the homepage is unreachable', { timeout: 120_000 }, async () => {
    const page = await openPage(suite.browser, suite.server.url);
    await page.goto(`/${broken.id}`);
    const note = page.getByTestId('homepage-unreachable');
    await note.waitFor();
    expect(await note.textContent()).toBe('Homepage unreachable since 1 Nov 2026');
    await page.goto(`/${moved.id}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByTestId('homepage-unreachable').count()).toBe(0);
  });

  it('the maintainer’s profile lists the broken link', { timeout: 120_000 }, async () => {
    const page = await suite.signedInPage('mara');
    await page.goto('/accounts/profile');
    const panel = page.getByTestId('broken-links');
    await panel.waitFor();
    expect(await panel.textContent()).toContain(`${base}/gone`);
    expect(await checkAccessibility(page)).toEqual([]);
  });
});
