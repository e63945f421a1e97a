/**
 * What the server says about a record page before the app runs: whether an anonymous visitor
 * may see the record (otherwise the page is a 404), the page head (title, description, Open
 * Graph) so a pasted link previews, the answer to the page's own record query (the app takes it
 * for an anonymous visitor instead of asking after its code has run, as a search page takes its
 * search's: early-search-answer.ts), and the record's schema.org JSON-LD for clients that ask
 * for `application/ld+json`, in DCAT (Turtle, RDF/XML, N-Triples) and DataCite XML for those
 * media types, with FAIR Signposting `Link` headers on every answer. One indexed lookup per page,
 * then the query the app would send.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ANONYMOUS_VIEWER, canViewRecord } from '@registry/schemas';
import { graphqlContextFor } from '../kernel/graphql-context.ts';
import { parseRecordIdentifier } from '../records/record-visibility.ts';
import { recordSchemaOrg } from '../records/record-schema-org.ts';
import type { RecordRow } from '../records/record-rows.ts';
import type { WithdrawnRecord } from '../records/withdrawn-records.ts';
import type { JsonLdDocument } from '../export/record-json-ld.ts';
import { recordPageUrl } from '../kernel/record-page-url.ts';
import { recordPageQuery } from '@registry/schemas/web/record-page-query.ts';
import { RECORD_DESCRIPTION_MEDIA_TYPES } from '../linked-data/linked-data-service.ts';
import { escapeMarkup } from '../kernel/escape-markup.ts';
import { EARLY_ANSWER_TIME_LIMIT_MS, withinTimeLimit, type EarlyAnswer } from './early-search-answer.ts';
import type { PageHead } from './web-page-html.ts';

/** Ids, DOIs and legacy ids are short visible ASCII; anything else names no record. */
const PLAUSIBLE_IDENTIFIER = /^[\x21-\x7e]{1,200}$/;
/** Link previews show about this much; longer descriptions are cut at a word. */
const DESCRIPTION_LENGTH = 300;

/** What a record URL answers: a public record, the canonical record of a merged one (301), a withdrawn one's tombstone (410). */
export type PublicRecordAnswer =
  | { state: 'live' | 'moved'; record: RecordRow }
  | { state: 'withdrawn'; withdrawn: WithdrawnRecord };

/**
 * The public record an identifier names, through the records' one resolver: `moved` when the
 * identifier belonged to a record merged into this one (its old URLs answer a permanent redirect
 * to the canonical page), `withdrawn` with the tombstone of a public record deleted since; null
 * (404) when unknown, hidden or never approved.
 */
export async function findPublicRecord(app: FastifyInstance, identifier: string): Promise<PublicRecordAnswer | null> {
  if (!PLAUSIBLE_IDENTIFIER.test(identifier)) return null;
  const parsed = parseRecordIdentifier(identifier);
  if (!parsed) return null;
  const found = await app.records.resolveRecordIdentifier(parsed);
  if (!found) return null;
  if (found.state === 'withdrawn') return { state: 'withdrawn', withdrawn: await app.records.describeTombstone(found.tombstone) };
  // Pages are served to anonymous visitors: signed-in users send their token to the API only.
  const visible = canViewRecord(ANONYMOUS_VIEWER, { isHidden: found.record.is_hidden, isApproved: found.record.is_approved, ownerIds: [] });
  return visible ? found : null;
}

/** The page head of a withdrawn record's tombstone. */
export function withdrawnPageHead(withdrawn: WithdrawnRecord, site: { siteName: string }): PageHead {
  const description = `Withdrawn on ${withdrawn.withdrawnAt.slice(0, 10)}: ${previewDescription(withdrawn.reason)}`;
  return { title: `${site.siteName} | ${withdrawn.name} (withdrawn)`, description, extraHead: '<meta name="robots" content="noindex">' };
}

export function previewDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, DESCRIPTION_LENGTH - 1);
  const wordEnd = cut.lastIndexOf(' ');
  return `${(wordEnd > DESCRIPTION_LENGTH / 2 ? cut.slice(0, wordEnd) : cut).trimEnd()}…`;
}

export function recordPageHead(record: Pick<RecordRow, 'id' | 'name' | 'description'>, site: { publicUrl: string; siteName: string }): PageHead {
  const title = `${site.siteName} | ${record.name}`;
  const description = previewDescription(record.description);
  const meta = (property: string, content: string) => `<meta property="${property}" content="${escapeMarkup(content)}">`;
  return {
    title,
    description,
    extraHead: [
      meta('og:type', 'website'),
      meta('og:site_name', site.siteName),
      meta('og:title', record.name),
      meta('og:description', description),
      meta('og:url', recordPageUrl(site.publicUrl, record.id)),
      '<meta name="twitter:card" content="summary">',
    ].join('\n    '),
  };
}

export function recordPageJsonLd(app: FastifyInstance, record: RecordRow): Promise<JsonLdDocument> {
  return recordSchemaOrg(record, graphqlContextFor(app, ANONYMOUS_VIEWER));
}

/**
 * The answer to the record page's query for a public record, as an anonymous visitor gets it
 * (the page has already counted against the rate limit, as the call it replaces would), or null
 * past EARLY_ANSWER_TIME_LIMIT_MS or on any error: the app then asks itself.
 */
export async function earlyRecordAnswer(app: FastifyInstance, identifier: string): Promise<EarlyAnswer | null> {
  const query = recordPageQuery(identifier);
  try {
    const result = await withinTimeLimit(app.graphql(query, graphqlContextFor(app, ANONYMOUS_VIEWER)), EARLY_ANSWER_TIME_LIMIT_MS);
    if (!result || result.errors?.length || !result.data) return null;
    return { query, data: result.data };
  } catch {
    return null;
  }
}

/** Media types a record URL answers, the page first (for `*\/*` and no Accept). */
export const RECORD_MEDIA_TYPES = ['text/html', 'application/ld+json', 'application/json', ...RECORD_DESCRIPTION_MEDIA_TYPES];

/** Sets the record's FAIR Signposting links (cite-as, describedby, type, license) on the answer. */
export async function addSignposting(app: FastifyInstance, reply: FastifyReply, record: RecordRow): Promise<void> {
  const links = await app.linkedData.recordSignposting(record.id);
  if (links) reply.header('link', links);
}

/** The record's description in a linked-data media type (not the page): schema.org JSON-LD, DCAT or DataCite. */
export async function recordDescriptionBody(app: FastifyInstance, record: RecordRow, mediaType: string): Promise<string | JsonLdDocument | null> {
  if (RECORD_DESCRIPTION_MEDIA_TYPES.includes(mediaType)) return app.linkedData.recordDescription(record.id, mediaType);
  return recordPageJsonLd(app, record);
}
