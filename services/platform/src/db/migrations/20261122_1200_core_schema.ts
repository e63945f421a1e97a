/**
 * The whole data model of the registry (SPEC §3): records and their vocabularies,
 * organisations, licences, publications, relations, users and their activity,
 * plus the index outbox. Every row that ends up in the search index carries a
 * `revision` that a trigger bumps on each UPDATE, so the indexer can write with
 * external versioning and a stale job never overwrites newer data.
 */
import type { Knex } from 'knex';

/** Tables whose rows are indexed (directly or embedded in record documents). */
export const REVISIONED_TABLES = [
  'records',
  'organisations',
  'subjects',
  'domains',
  'taxonomies',
  'user_defined_tags',
  'object_types',
  'licences',
  'grants',
  'countries',
  'publications',
] as const;

const RECORD_STATUSES = ['ready', 'in_development', 'deprecated', 'uncertain'];

function timestamps(table: Knex.CreateTableBuilder, knex: Knex): void {
  table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
  table.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
}

function revision(table: Knex.CreateTableBuilder): void {
  table.bigInteger('revision').notNullable().defaultTo(1);
}

/** Ontology-backed vocabularies share one shape: label, IRI, definitions, synonyms. */
function vocabularyTable(knex: Knex, name: string, extra?: (t: Knex.CreateTableBuilder) => void) {
  return knex.schema.createTable(name, (t) => {
    t.increments('id');
    t.text('label').notNullable();
    t.text('iri');
    t.specificType('definitions', 'text[]').notNullable().defaultTo('{}');
    t.specificType('synonyms', 'text[]').notNullable().defaultTo('{}');
    extra?.(t);
    revision(t);
    timestamps(t, knex);
    t.index([knex.raw('lower(label)')], `${name}_lower_label_idx`);
  });
}

function joinTable(knex: Knex, name: string, left: [string, string], right: [string, string]) {
  return knex.schema.createTable(name, (t) => {
    t.integer(left[0]).notNullable().references('id').inTable(left[1]).onDelete('CASCADE');
    t.integer(right[0]).notNullable().references('id').inTable(right[1]).onDelete('CASCADE');
    t.primary([left[0], right[0]]);
    t.index([right[0]]);
  });
}

export async function up(knex: Knex): Promise<void> {
  // --- registries, record types, relation types -------------------------------------------
  await knex.schema.createTable('registries', (t) => {
    t.increments('id');
    t.text('name').notNullable().unique(); // Standard, Database, Policy, Collection
    t.text('description').notNullable().defaultTo('');
  });
  await knex.schema.createTable('record_types', (t) => {
    t.increments('id');
    t.text('name').notNullable().unique(); // terminology_artefact, repository, journal, ...
    t.text('description').notNullable().defaultTo('');
    t.integer('registry_id').notNullable().references('id').inTable('registries');
  });
  await knex.schema.createTable('relation_types', (t) => {
    t.increments('id');
    t.text('name').notNullable().unique(); // related_to, recommends, implements, collects, ...
    t.text('description').notNullable().defaultTo('');
  });
  await knex.schema.createTable('relation_type_allowed_associations', (t) => {
    t.integer('relation_type_id').notNullable().references('id').inTable('relation_types').onDelete('CASCADE');
    t.integer('from_registry_id').notNullable().references('id').inTable('registries');
    t.integer('to_registry_id').notNullable().references('id').inTable('registries');
    t.primary(['relation_type_id', 'from_registry_id', 'to_registry_id']);
  });

  // --- vocabularies ---------------------------------------------------------------------
  await vocabularyTable(knex, 'subjects', (t) => t.text('ontology_id').unique()); // SRAO_0000123
  await vocabularyTable(knex, 'domains', (t) => t.text('ontology_id').unique()); // DRAO_...
  await vocabularyTable(knex, 'taxonomies', (t) => t.text('ontology_id').unique()); // NCBITaxon_9606
  await vocabularyTable(knex, 'object_types');
  await knex.schema.createTable('subject_parents', (t) => {
    t.integer('subject_id').notNullable().references('id').inTable('subjects').onDelete('CASCADE');
    t.integer('parent_id').notNullable().references('id').inTable('subjects').onDelete('CASCADE');
    t.primary(['subject_id', 'parent_id']);
    t.index(['parent_id']);
  });
  await knex.schema.createTable('domain_parents', (t) => {
    t.integer('domain_id').notNullable().references('id').inTable('domains').onDelete('CASCADE');
    t.integer('parent_id').notNullable().references('id').inTable('domains').onDelete('CASCADE');
    t.primary(['domain_id', 'parent_id']);
    t.index(['parent_id']);
  });
  await knex.schema.createTable('user_defined_tags', (t) => {
    t.increments('id');
    t.text('label').notNullable();
    revision(t);
    timestamps(t, knex);
  });
  await knex.raw('CREATE UNIQUE INDEX user_defined_tags_lower_label_key ON user_defined_tags (lower(label))');
  await knex.schema.createTable('countries', (t) => {
    t.increments('id');
    t.string('code', 3).notNullable().unique(); // ISO 3166-1 alpha-2
    t.text('name').notNullable();
    revision(t);
  });
  await knex.schema.createTable('licences', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.text('url');
    t.text('spdx_id').unique();
    revision(t);
    timestamps(t, knex);
  });

  // --- organisations, grants --------------------------------------------------------------
  await knex.schema.createTable('organisation_types', (t) => {
    t.increments('id');
    t.text('name').notNullable().unique();
  });
  await knex.schema.createTable('organisations', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.text('homepage');
    t.text('url_for_logo');
    t.specificType('alternative_names', 'text[]').notNullable().defaultTo('{}');
    t.text('ror_link');
    revision(t);
    timestamps(t, knex);
    t.index([knex.raw('lower(name)')], 'organisations_lower_name_idx');
  });
  await joinTable(knex, 'organisation_organisation_types', ['organisation_id', 'organisations'], ['organisation_type_id', 'organisation_types']);
  await joinTable(knex, 'organisation_countries', ['organisation_id', 'organisations'], ['country_id', 'countries']);
  await knex.schema.createTable('organisation_parents', (t) => {
    t.integer('organisation_id').notNullable().references('id').inTable('organisations').onDelete('CASCADE');
    t.integer('parent_id').notNullable().references('id').inTable('organisations').onDelete('CASCADE');
    t.primary(['organisation_id', 'parent_id']);
  });
  await knex.schema.createTable('grants', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.text('description').notNullable().defaultTo('');
    revision(t);
    timestamps(t, knex);
  });

  // --- users ---------------------------------------------------------------------------
  await knex.schema.createTable('users', (t) => {
    t.increments('id');
    t.text('username').notNullable();
    t.text('email').notNullable();
    t.text('password_hash');
    t.text('first_name');
    t.text('last_name');
    t.text('homepage');
    t.text('orcid');
    t.text('twitter');
    t.text('mastodon');
    t.text('bluesky');
    t.boolean('third_party').notNullable().defaultTo(false);
    t.specificType('awards', 'text[]').notNullable().defaultTo('{}');
    t.text('role').notNullable().defaultTo('user'); // user | curator | super_curator | developer
    t.text('profile_type');
    t.jsonb('preferences').notNullable().defaultTo('{}');
    t.boolean('deactivated').notNullable().defaultTo(false);
    t.boolean('is_curator').notNullable().defaultTo(false);
    t.boolean('is_super_curator').notNullable().defaultTo(false);
    t.timestamp('confirmed_at', { useTz: true });
    t.text('confirmation_token').unique();
    t.text('reset_password_token').unique();
    t.timestamp('reset_password_sent_at', { useTz: true });
    timestamps(t, knex);
  });
  await knex.raw('CREATE UNIQUE INDEX users_lower_username_key ON users (lower(username))');
  await knex.raw('CREATE UNIQUE INDEX users_lower_email_key ON users (lower(email))');
  await joinTable(knex, 'user_organisations', ['user_id', 'users'], ['organisation_id', 'organisations']);

  // --- records -------------------------------------------------------------------------
  await knex.schema.createTable('records', (t) => {
    // Real registry ids are kept (e.g. 2 = LOINC); new records continue after the highest one.
    t.increments('id');
    t.integer('registry_id').notNullable().references('id').inTable('registries');
    t.integer('record_type_id').references('id').inTable('record_types');
    t.text('doi').unique(); // 10.25504/FAIRsharing.2mk2zb
    t.text('status').notNullable().defaultTo('uncertain');
    t.text('name').notNullable();
    t.text('abbreviation');
    t.text('description').notNullable().defaultTo('');
    t.text('homepage');
    t.text('url_for_logo');
    t.specificType('legacy_ids', 'text[]').notNullable().defaultTo('{}'); // bsg-s000001, biodbcore-000123
    // contacts, citations, support_links, deprecation_reason, year_creation, access_points,
    // data access / curation / preservation conditions, policy attributes ...
    t.jsonb('metadata').notNullable().defaultTo('{}');
    // Which values were derived by the seed rather than curated: {"type": "rule:...", "status": "rule:..."}
    t.jsonb('provenance').notNullable().defaultTo('{}');
    t.boolean('is_hidden').notNullable().defaultTo(false);
    t.boolean('is_approved').notNullable().defaultTo(true);
    t.boolean('is_recommended').notNullable().defaultTo(false);
    t.boolean('is_complete').notNullable().defaultTo(false);
    t.boolean('exhaustive_licences').notNullable().defaultTo(false);
    t.text('curator_notes');
    t.integer('created_by_id').references('id').inTable('users').onDelete('SET NULL');
    t.integer('last_editor_id').references('id').inTable('users').onDelete('SET NULL');
    t.timestamp('last_reviewed', { useTz: true });
    t.timestamp('last_edited', { useTz: true });
    revision(t);
    timestamps(t, knex);
    t.index([knex.raw('lower(name)')], 'records_lower_name_idx');
    t.index([knex.raw('lower(abbreviation)')], 'records_lower_abbreviation_idx');
    t.index(['registry_id']);
    t.index(['legacy_ids'], 'records_legacy_ids_idx', 'gin');
  });
  await knex.raw(`ALTER TABLE records ADD CONSTRAINT records_status_check CHECK (status IN (${RECORD_STATUSES.map((s) => `'${s}'`).join(',')}))`);

  await joinTable(knex, 'record_subjects', ['record_id', 'records'], ['subject_id', 'subjects']);
  await joinTable(knex, 'record_domains', ['record_id', 'records'], ['domain_id', 'domains']);
  await joinTable(knex, 'record_taxonomies', ['record_id', 'records'], ['taxonomy_id', 'taxonomies']);
  await joinTable(knex, 'record_object_types', ['record_id', 'records'], ['object_type_id', 'object_types']);
  await joinTable(knex, 'record_user_defined_tags', ['record_id', 'records'], ['user_defined_tag_id', 'user_defined_tags']);
  await joinTable(knex, 'record_countries', ['record_id', 'records'], ['country_id', 'countries']);
  await joinTable(knex, 'record_maintainers', ['record_id', 'records'], ['user_id', 'users']);
  await joinTable(knex, 'record_watchers', ['record_id', 'records'], ['user_id', 'users']);
  await joinTable(knex, 'record_community_curators', ['record_id', 'records'], ['user_id', 'users']);

  await knex.schema.createTable('record_associations', (t) => {
    t.increments('id');
    t.integer('record_id').notNullable().references('id').inTable('records').onDelete('CASCADE');
    t.integer('linked_record_id').notNullable().references('id').inTable('records').onDelete('CASCADE');
    t.integer('relation_type_id').notNullable().references('id').inTable('relation_types');
    timestamps(t, knex);
    t.unique(['record_id', 'linked_record_id', 'relation_type_id']);
    t.index(['linked_record_id']);
  });
  await knex.schema.createTable('organisation_links', (t) => {
    t.increments('id');
    t.integer('record_id').notNullable().references('id').inTable('records').onDelete('CASCADE');
    t.integer('organisation_id').notNullable().references('id').inTable('organisations').onDelete('CASCADE');
    t.text('relation').notNullable().defaultTo('undefined'); // maintains | funds | collaborates_on | associated_with | undefined
    t.boolean('is_lead').notNullable().defaultTo(false);
    t.integer('grant_id').references('id').inTable('grants').onDelete('SET NULL');
    timestamps(t, knex);
    t.index(['record_id']);
    t.index(['organisation_id']);
  });
  await knex.raw(`ALTER TABLE organisation_links ADD CONSTRAINT organisation_links_relation_check CHECK (relation IN ('maintains','funds','collaborates_on','associated_with','undefined'))`);
  await knex.schema.createTable('licence_links', (t) => {
    t.increments('id');
    t.integer('record_id').notNullable().references('id').inTable('records').onDelete('CASCADE');
    t.integer('licence_id').notNullable().references('id').inTable('licences').onDelete('CASCADE');
    t.text('relation').notNullable().defaultTo('undefined'); // applies_to_content | undefined
    timestamps(t, knex);
    t.index(['record_id']);
    t.index(['licence_id']);
  });
  await knex.raw(`ALTER TABLE licence_links ADD CONSTRAINT licence_links_relation_check CHECK (relation IN ('applies_to_content','undefined'))`);
  await knex.schema.createTable('publications', (t) => {
    t.increments('id');
    t.text('title').notNullable();
    t.text('doi');
    t.text('authors');
    t.text('journal');
    t.text('url');
    t.integer('year');
    t.text('pubmed_id');
    revision(t);
    timestamps(t, knex);
  });
  await knex.schema.createTable('record_publications', (t) => {
    t.integer('record_id').notNullable().references('id').inTable('records').onDelete('CASCADE');
    t.integer('publication_id').notNullable().references('id').inTable('publications').onDelete('CASCADE');
    t.boolean('is_citation').notNullable().defaultTo(false); // "how to cite this record"
    t.primary(['record_id', 'publication_id']);
    t.index(['publication_id']);
  });

  // --- user activity ---------------------------------------------------------------------
  await knex.schema.createTable('saved_searches', (t) => {
    t.increments('id');
    t.text('name').notNullable();
    t.text('url').notNullable();
    t.text('comments');
    t.integer('creator_id').references('id').inTable('users').onDelete('SET NULL');
    timestamps(t, knex);
  });
  await joinTable(knex, 'saved_search_records', ['saved_search_id', 'saved_searches'], ['record_id', 'records']);
  await joinTable(knex, 'saved_search_organisations', ['saved_search_id', 'saved_searches'], ['organisation_id', 'organisations']);
  await joinTable(knex, 'saved_search_users', ['saved_search_id', 'saved_searches'], ['user_id', 'users']);
  await knex.schema.createTable('messages', (t) => {
    t.increments('id');
    t.text('message').notNullable();
    timestamps(t, knex);
  });
  await knex.schema.createTable('maintenance_requests', (t) => {
    t.increments('id');
    t.integer('record_id').notNullable().references('id').inTable('records').onDelete('CASCADE');
    t.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE');
    t.text('status').notNullable().defaultTo('pending'); // pending | approved | rejected
    timestamps(t, knex);
    t.index(['record_id']);
  });
  await knex.schema.createTable('record_reviews', (t) => {
    t.increments('id');
    t.integer('record_id').notNullable().references('id').inTable('records').onDelete('CASCADE');
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    timestamps(t, knex);
    t.index(['record_id']);
  });
  await knex.schema.createTable('edit_events', (t) => {
    t.bigIncrements('id');
    t.integer('record_id').references('id').inTable('records').onDelete('CASCADE');
    t.integer('user_id').references('id').inTable('users').onDelete('SET NULL');
    t.text('edit_type').notNullable(); // create | update | delete | ...
    t.jsonb('edit_event').notNullable().defaultTo('{}'); // changed fields, before/after
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['record_id']);
    t.index(['user_id']);
  });
  await knex.schema.createTable('record_views', (t) => {
    t.integer('record_id').primary().references('id').inTable('records').onDelete('CASCADE');
    t.bigInteger('views').notNullable().defaultTo(0);
  });

  // --- index outbox ----------------------------------------------------------------------
  // Written in the same transaction as the change; the queue job is only a wake-up call.
  await knex.schema.createTable('index_outbox', (t) => {
    t.bigIncrements('id');
    t.text('entity_type').notNullable(); // record | organisation | subject | domain | taxonomy | licence | user_defined_tag | ...
    t.integer('entity_id').notNullable();
    t.bigInteger('revision').notNullable();
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('enqueued_at', { useTz: true }); // set once the BullMQ job reached Redis
    t.timestamp('processed_at', { useTz: true }); // set by the indexer after the write
    t.integer('attempts').notNullable().defaultTo(0);
    t.text('last_error');
    t.index(['processed_at', 'enqueued_at', 'created_at'], 'index_outbox_pending_idx');
    t.index(['entity_type', 'entity_id']);
  });

  // Revision bump on every UPDATE of an indexed row, whoever writes it.
  await knex.raw(`
    CREATE OR REPLACE FUNCTION bump_revision() RETURNS trigger AS $$
    BEGIN
      NEW.revision := OLD.revision + 1;
      IF TG_TABLE_NAME NOT IN ('countries') THEN
        NEW.updated_at := now();
      END IF;
      RETURN NEW;
    END;
    $$ LANGUAGE plpgsql;
  `);
  for (const table of REVISIONED_TABLES) {
    await knex.raw(
      `CREATE TRIGGER ${table}_bump_revision BEFORE UPDATE ON ${table} FOR EACH ROW WHEN (OLD.* IS DISTINCT FROM NEW.*) EXECUTE FUNCTION bump_revision()`,
    );
  }
}

export async function down(knex: Knex): Promise<void> {
  const tables = [
    'index_outbox', 'record_views', 'edit_events', 'record_reviews', 'maintenance_requests', 'messages',
    'saved_search_users', 'saved_search_organisations', 'saved_search_records', 'saved_searches',
    'record_publications', 'publications', 'licence_links', 'organisation_links', 'record_associations',
    'record_community_curators', 'record_watchers', 'record_maintainers', 'record_countries',
    'record_user_defined_tags', 'record_object_types', 'record_taxonomies', 'record_domains',
    'record_subjects', 'records', 'user_organisations', 'users', 'grants', 'organisation_parents',
    'organisation_countries', 'organisation_organisation_types', 'organisations', 'organisation_types',
    'licences', 'countries', 'user_defined_tags', 'domain_parents', 'subject_parents', 'object_types',
    'taxonomies', 'domains', 'subjects', 'relation_type_allowed_associations', 'relation_types',
    'record_types', 'registries',
  ];
  for (const table of tables) await knex.schema.dropTableIfExists(table);
  await knex.raw('DROP FUNCTION IF EXISTS bump_revision()');
}
