/**
 * Link health:
 *   GET  /link_health?view=broken|redirected&registry=&broken_days=&offset=&limit=   curators: every record's checks
 *   POST /link_health/{id}/adopt_final_url                                           curators: save the final URL in the record
 *   GET  /link_health/mine                                                           the broken links of one's own records
 *   GET  /link_health/records/{id}                                                   anyone who may see the record: the quiet note
 */
import type { FastifyInstance } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type, type TSchema } from '@sinclair/typebox';
import { IdParams } from '../validation.ts';
import type { LinkReportEntry } from './link-health-service.ts';

const ReportQuery = Type.Object({
  view: Type.Union([Type.Literal('broken'), Type.Literal('redirected')], { default: 'broken' }),
  registry: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
  broken_days: Type.Optional(Type.Integer({ minimum: 0, maximum: 3650 })),
  offset: Type.Integer({ minimum: 0, maximum: 100_000, default: 0 }),
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
}, { additionalProperties: false });

const iso = (date: Date | null) => date?.toISOString() ?? null;

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)));

/** A check as people read it (linkEntryJson): the web's type of it is generated from this schema. */
const LinkHealthEntry = Type.Object({
  id: Type.Integer(),
  record: Type.Object({ id: Type.Integer(), name: Type.String(), registry: Type.String() }),
  kind: literals(['homepage', 'support', 'access'] as const),
  url: Type.String(),
  outcome: literals(['unchecked', 'ok', 'broken', 'no_network'] as const),
  http_status: nullable(Type.Integer()),
  final_url: nullable(Type.String()),
  permanent_redirect: Type.Boolean(),
  duration_ms: nullable(Type.Integer()),
  reason: nullable(Type.String()),
  consecutive_failures: Type.Integer(),
  first_failure_at: nullable(Type.String()),
  last_checked_at: nullable(Type.String()),
});
const LinkHealthReport = Type.Object({
  total: Type.Integer(),
  broken_days: Type.Integer(),
  registries: Type.Array(Type.Object({ registry: Type.String(), broken: Type.Integer(), redirected: Type.Integer() })),
  links: Type.Array(LinkHealthEntry),
});

/** What a person reading link health sees of a check. */
export const linkEntryJson = (entry: LinkReportEntry) => ({
  id: entry.id,
  record: { id: entry.record_id, name: entry.record_name, registry: entry.registry },
  kind: entry.kind,
  url: entry.url,
  outcome: entry.outcome,
  http_status: entry.http_status,
  final_url: entry.final_url,
  permanent_redirect: entry.permanent_redirect,
  duration_ms: entry.duration_ms,
  reason: entry.reason,
  consecutive_failures: entry.consecutive_failures,
  first_failure_at: iso(entry.first_failure_at),
  last_checked_at: iso(entry.last_checked_at),
});

export async function linkHealthRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<RouteInputsProvider>();
  app.get(
    '/link_health',
    { config: { access: 'linkHealth.viewAll' }, schema: { summary: 'Links broken for at least N days, or permanently redirected, with counts per registry', tags: ['link health'], querystring: ReportQuery, response: { 200: LinkHealthReport } } },
    async (request) => {
      const { view, registry, broken_days: brokenDays, offset, limit } = request.query;
      const report = await app.linkHealth.curatorLinkReport(request.viewer, { view, registry, brokenDays, offset, limit });
      return { total: report.total, broken_days: report.brokenDays, registries: report.registries, links: report.entries.map(linkEntryJson) };
    },
  );
  app.post(
    '/link_health/:id/adopt_final_url',
    { config: { access: 'linkHealth.adoptFinalUrl' }, schema: { summary: 'Replace a permanently redirected URL in its record by the final URL (a record edit)', tags: ['link health'], params: IdParams, response: { 200: Type.Object({ record_id: Type.Integer(), revision: Type.String() }) } } },
    async (request) => {
      const saved = await app.linkHealth.adoptFinalUrl(request.viewer, request.params.id);
      return { record_id: saved.record.id, revision: String(saved.record.revision) };
    },
  );
  app.get(
    '/link_health/mine',
    { config: { access: 'linkHealth.viewOwn' }, schema: { summary: 'Broken links of the records one maintains or created', tags: ['link health'], response: { 200: Type.Object({ broken_days: Type.Integer(), links: Type.Array(LinkHealthEntry) }) } } },
    async (request) => {
      const own = await app.linkHealth.ownBrokenLinks(request.viewer, request.viewer.userId!);
      return { broken_days: own.brokenDays, links: own.entries.map(linkEntryJson) };
    },
  );
  app.get(
    '/link_health/records/:id',
    { schema: { summary: 'Since when the record’s homepage has been unreachable (after repeated failures), or null', tags: ['link health'], params: IdParams, response: { 200: Type.Object({ homepage_unreachable_since: nullable(Type.String()) }) } } },
    async (request) => ({ homepage_unreachable_since: iso(await app.linkHealth.homepageUnreachableSince(request.viewer, request.params.id)) }),
  );
}
