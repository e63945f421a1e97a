/**
 * A small, fully related catalogue for suites that need rows the real corpus lacks (users,
 * hidden records, organisations, licences): written into an isolated database.
 */
import type { Database } from '@registry/platform';

export interface FixtureIds {
  publicRecordId: number;
  hiddenRecordId: number;
  relatedRecordIds: number[];
  users: { curator: number; superCurator: number; maintainer: number; watcher: number; other: number };
}

async function insertId(db: Database, table: string, row: Record<string, unknown>): Promise<number> {
  const [inserted] = await db(table).insert(row).returning('id');
  return Number((inserted as { id: number }).id);
}

export async function insertFixtureCatalogue(db: Database, options: { extraRecords?: number } = {}): Promise<FixtureIds> {
  const standard = await insertId(db, 'registries', { name: 'Standard', description: 'Standards' });
  const database = await insertId(db, 'registries', { name: 'Database', description: 'Databases' });
  const terminology = await insertId(db, 'record_types', { name: 'terminology_artefact', registry_id: standard });
  const repository = await insertId(db, 'record_types', { name: 'repository', registry_id: database });
  const relatedTo = await insertId(db, 'relation_types', { name: 'related_to' });
  await db('relation_type_allowed_associations').insert({ relation_type_id: relatedTo, from_registry_id: standard, to_registry_id: database });

  const users = {
    curator: await insertId(db, 'users', { username: 'curator', email: 'curator@example.org', role: 'curator' }),
    superCurator: await insertId(db, 'users', { username: 'super', email: 'super@example.org', role: 'super_curator' }),
    maintainer: await insertId(db, 'users', { username: 'maintainer', email: 'maintainer@example.org' }),
    watcher: await insertId(db, 'users', { username: 'watcher', email: 'watcher@example.org' }),
    other: await insertId(db, 'users', { username: 'other', email: 'other@example.org' }),
  };

  const publicRecordId = await insertId(db, 'records', {
    registry_id: standard, record_type_id: terminology, doi: '10.25504/FAIRsharing.abc123', status: 'ready',
    name: 'Public Ontology', abbreviation: 'PO', description: 'A public ontology', homepage: 'https://po.example.org',
    legacy_ids: ['bsg-s000777'], metadata: { contacts: [], year_creation: 2001 }, curator_notes: 'curators only',
  });
  const hiddenRecordId = await insertId(db, 'records', {
    registry_id: database, record_type_id: repository, status: 'in_development', name: 'Hidden Repository',
    description: 'Not public yet', is_hidden: true,
  });
  const relatedRecordIds: number[] = [];
  for (let index = 0; index < 3 + (options.extraRecords ?? 0); index += 1) {
    relatedRecordIds.push(await insertId(db, 'records', {
      registry_id: database, record_type_id: repository, status: 'ready', name: `Related Repository ${index}`, description: 'Related',
    }));
  }

  const subjectIds = await Promise.all(['Genomics', 'Proteomics', 'Life Science'].map((label) => insertId(db, 'subjects', { label })));
  const domainIds = await Promise.all(['Assay', 'Phenotype'].map((label) => insertId(db, 'domains', { label })));
  const taxonomyId = await insertId(db, 'taxonomies', { label: 'Homo sapiens' });
  const objectTypeId = await insertId(db, 'object_types', { label: 'Dataset' });
  const tagId = await insertId(db, 'user_defined_tags', { label: 'clinical' });
  const countryId = await insertId(db, 'countries', { code: 'GB', name: 'United Kingdom' });
  const organisationType = await insertId(db, 'organisation_types', { name: 'University' });
  const licenceIds = await Promise.all([
    insertId(db, 'licences', { name: 'CC BY 4.0', url: 'https://creativecommons.org/licenses/by/4.0/', spdx_id: 'CC-BY-4.0' }),
    insertId(db, 'licences', { name: 'MIT', spdx_id: 'MIT' }),
  ]);
  const grantId = await insertId(db, 'grants', { name: 'Grant 42', description: 'Funding' });

  const everyRecord = [publicRecordId, hiddenRecordId, ...relatedRecordIds];
  for (const recordId of everyRecord) {
    await db('record_subjects').insert(subjectIds.map((subject_id) => ({ record_id: recordId, subject_id })));
    await db('record_domains').insert(domainIds.map((domain_id) => ({ record_id: recordId, domain_id })));
    await db('record_taxonomies').insert({ record_id: recordId, taxonomy_id: taxonomyId });
    await db('record_object_types').insert({ record_id: recordId, object_type_id: objectTypeId });
    await db('record_user_defined_tags').insert({ record_id: recordId, user_defined_tag_id: tagId });
    await db('record_countries').insert({ record_id: recordId, country_id: countryId });
    await db('licence_links').insert(licenceIds.map((licence_id) => ({ record_id: recordId, licence_id, relation: 'applies_to_content' })));
    await db('record_maintainers').insert({ record_id: recordId, user_id: users.maintainer });
    await db('record_watchers').insert([{ record_id: recordId, user_id: users.watcher }, { record_id: recordId, user_id: users.other }]);
    for (const name of ['Org A', 'Org B']) {
      const organisationId = await insertId(db, 'organisations', { name: `${name} of ${recordId}` });
      await db('organisation_organisation_types').insert({ organisation_id: organisationId, organisation_type_id: organisationType });
      await db('organisation_countries').insert({ organisation_id: organisationId, country_id: countryId });
      await db('organisation_links').insert({ record_id: recordId, organisation_id: organisationId, relation: 'maintains', is_lead: true, grant_id: grantId });
    }
    const publicationId = await insertId(db, 'publications', { title: `Paper about ${recordId}`, doi: `10.1000/${recordId}`, year: 2020 });
    await db('record_publications').insert({ record_id: recordId, publication_id: publicationId });
    await db('record_reviews').insert({ record_id: recordId, user_id: users.curator });
  }
  for (const relatedId of relatedRecordIds) {
    await db('record_associations').insert({ record_id: publicRecordId, linked_record_id: relatedId, relation_type_id: relatedTo });
    await db('record_associations').insert({ record_id: relatedId, linked_record_id: publicRecordId, relation_type_id: relatedTo });
  }
  await db('record_associations').insert({ record_id: publicRecordId, linked_record_id: hiddenRecordId, relation_type_id: relatedTo });
  const savedSearch = await insertId(db, 'saved_searches', { name: 'My search', url: '/search?q=x', creator_id: users.other });
  await db('saved_search_records').insert({ saved_search_id: savedSearch, record_id: publicRecordId });
  await db('messages').insert({ message: 'Maintenance on Monday' });
  return { publicRecordId, hiddenRecordId, relatedRecordIds, users };
}
