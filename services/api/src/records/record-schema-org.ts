/** `schemaOrg` of a record page: the shared JSON-LD builder fed from the request's loaders. */
import { recordJsonLd, type JsonLdDocument } from '../export/record-json-ld.ts';
import type { RegistryGraphqlContext } from '../kernel/graphql-context.ts';
import type { RecordRow } from './record-rows.ts';

export async function recordSchemaOrg(record: RecordRow, context: RegistryGraphqlContext): Promise<JsonLdDocument> {
  const { loaders } = context;
  const [registry, recordType, subjects, domains, licenceLinks] = await Promise.all([
    loaders.registryById.load(record.registry_id),
    record.record_type_id === null ? Promise.resolve(null) : loaders.recordTypeById.load(record.record_type_id),
    loaders.recordSubjects.load(record.id),
    loaders.recordDomains.load(record.id),
    loaders.recordLicenceLinks.load(record.id),
  ]);
  const licences = (await loaders.licenceById.loadMany(licenceLinks.map((link) => link.licence_id)))
    .flatMap((licence) => (licence === null || licence instanceof Error ? [] : [{ name: licence.name, url: licence.url }]));
  return recordJsonLd(
    {
      id: record.id,
      doi: record.doi,
      name: record.name,
      abbreviation: record.abbreviation,
      description: record.description,
      homepage: record.homepage,
      registry: registry?.name ?? '',
      recordType: recordType?.name ?? null,
      subjects,
      domains,
      licences,
      updatedAt: record.updated_at,
    },
    { publicUrl: context.config.publicUrl, siteName: context.config.siteName },
  );
}
