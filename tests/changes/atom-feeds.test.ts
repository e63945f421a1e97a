/**
 * Atom feeds of new and updated records, in a private copy of the demo catalogue: the whole
 * registry, one registry, and a saved search's; parsed as XML by a third-party parser, each
 * holding every element RFC 4287 requires (atom-rfc4287.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { create } from 'xmlbuilder2';
import { seedDemoCatalogue } from '../../scripts/seed/seed-demo-catalogue.ts';
import { createIsolatedEnvironment, reindexEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { buildTestApp } from '../api/support.ts';
import { rfc4287Problems } from './atom-rfc4287.ts';

let env: IsolatedEnvironment;
let app: FastifyInstance;
let standard: { id: number; name: string };
let database: { id: number; name: string };
let savedSearchId = 0;

interface AtomEntry { title: { $: string }; link: { '@href': string }; category: { '@term': string }[] }

const asList = <T>(value: T | T[] | undefined): T[] => (value === undefined ? [] : Array.isArray(value) ? value : [value]);

async function entriesOf(url: string): Promise<AtomEntry[]> {
  const response = await app.inject({ url });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
  const { feed } = create(response.body).end({ format: 'object' }) as unknown as { feed: { id: string; entry?: AtomEntry | AtomEntry[] } };
  expect(feed.id).toBe(`${app.config.publicUrl}${url}`);
  return asList(feed.entry).map((entry) => ({ ...entry, category: asList(entry.category) }));
}

beforeAll(async () => {
  env = await createIsolatedEnvironment('atom_feeds');
  await seedDemoCatalogue(env.db);
  await reindexEnvironment(env);
  const publicOf = (registry: string) => env.db('records as r').join('registries as g', 'g.id', 'r.registry_id')
    .where({ 'g.name': registry, 'r.is_hidden': false, 'r.is_approved': true }).orderBy('r.id').first('r.id', 'r.name');
  standard = await publicOf('Standard');
  database = await publicOf('Database');
  // Two saves, the database last: both feeds and their order follow. A name with markup shows as written.
  await env.db('records').where({ id: standard.id }).update({ abbreviation: 'ATOM-S', name: `${standard.name} <b>&</b>` });
  await env.db('records').where({ id: database.id }).update({ abbreviation: 'ATOM-D' });
  const [user] = await env.db('users').insert({ username: 'atom-reader', email: 'atom-reader@example.org', role: 'user', confirmed_at: env.db.fn.now() }).returning('id');
  const [saved] = await env.db('saved_searches').insert({ name: 'Databases <b>&</b>', url: '/search?fairsharingRegistry=Database', params: JSON.stringify({ fairsharingRegistry: 'Database' }), creator_id: user.id }).returning('id');
  savedSearchId = saved.id;
  app = await buildTestApp(env.config, { db: env.db });
});

afterAll(async () => {
  await app?.close();
  await env?.cleanup();
});

describe('Atom feeds', () => {
  it('lists the records updated last, newest first', async () => {
    const entries = await entriesOf('/feeds/records.atom');
    expect(entries.slice(0, 2).map((entry) => entry.link['@href'])).toEqual([`${app.config.publicUrl}/${database.id}`, `${app.config.publicUrl}/${standard.id}`]);
    expect(entries[0].title.$).toBe(`Updated: ${database.name}`);
    expect(entries[0].category.map((category) => category['@term'])).toEqual(['database', 'updated']);
    expect(entries.length).toBeLessThanOrEqual(50);
  });

  it('keeps to one registry', async () => {
    const entries = await entriesOf('/feeds/records.atom?registry=standard');
    expect(entries[0].link['@href']).toBe(`${app.config.publicUrl}/${standard.id}`);
    // The title is HTML (type="html"): the name's markup comes escaped, as text.
    expect(entries[0].title.$).toBe(`Updated: ${standard.name} &lt;b&gt;&amp;&lt;/b&gt;`);
    expect(entries.every((entry) => entry.category[0]['@term'] === 'standard')).toBe(true);
    expect((await app.inject({ url: '/feeds/records.atom?registry=spaceship' })).statusCode).toBe(400);
  });

  it("follows a saved search: only the records it finds", async () => {
    const entries = await entriesOf(`/feeds/saved_searches/${savedSearchId}`);
    expect(entries.map((entry) => entry.link['@href'])).toContain(`${app.config.publicUrl}/${database.id}`);
    expect(entries.every((entry) => entry.category[0]['@term'] === 'database')).toBe(true);
    expect((await app.inject({ url: '/feeds/saved_searches/999999' })).statusCode).toBe(404);
  });

  it('holds every element RFC 4287 requires: feed id, title, updated and author, entry id, title, updated and alternate link', async () => {
    // The check itself finds a feed without author, an entry without a link, a date that is not RFC 3339.
    const broken = '<feed xmlns="http://www.w3.org/2005/Atom"><id>https://x.example/f</id><title>t</title><updated>2024-01-01</updated>'
      + '<entry><id>https://x.example/1</id><title>e</title><updated>2024-01-01T00:00:00Z</updated></entry></feed>';
    expect(rfc4287Problems(broken)).toEqual([
      'feed updated: not an RFC 3339 date-time: 2024-01-01',
      'entry 1: no atom:author, and the feed has none',
      'entry 1: neither atom:content nor an alternate link',
    ]);
    for (const url of ['/feeds/records.atom', '/feeds/records.atom?registry=database', `/feeds/saved_searches/${savedSearchId}`]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(rfc4287Problems(response.body), url).toEqual([]);
      const { feed } = create(response.body).end({ format: 'object' }) as unknown as { feed: { author: { name: string; uri: string }; link: { '@rel': string; '@href': string }[]; title: string } };
      expect(feed.author).toEqual({ name: app.config.siteName, uri: `${app.config.publicUrl}/` });
      expect(feed.link).toContainEqual({ '@rel': 'self', '@href': `${app.config.publicUrl}${url}` });
    }
  });

  it("titles a saved search's feed with its name as written (the feed title is text)", async () => {
    // Read from the DOM: xmlbuilder2's object format gives text escaped again.
    const feed = create((await app.inject({ url: `/feeds/saved_searches/${savedSearchId}` })).body).root().node as unknown as Element;
    const title = Array.from(feed.childNodes).find((node) => node.nodeName === 'title');
    expect(title?.textContent).toBe(`${app.config.siteName}: Databases <b>&</b>`);
  });
});
