/**
 * Notable events of the registry's history, shown on /timeline beside the record counts per
 * month. Curators will edit them; the rows seeded here are public, citable milestones of
 * FAIRsharing, each with its source. `precision` says how much of `happened_on` is known
 * (a year-precise event is stored on 1 January).
 */
import type { Knex } from 'knex';

interface NotableEventSeed {
  happened_on: string;
  precision: 'day' | 'month' | 'year';
  title: string;
  description: string;
  source_url: string;
}

const MILESTONES: NotableEventSeed[] = [
  {
    happened_on: '2008-01-01',
    precision: 'year',
    title: 'MIBBI: the minimum information checklists',
    description:
      'The MIBBI project, a registry of minimum reporting checklists for biological and biomedical investigations, is published; BioSharing later grows out of this work.',
    source_url: 'https://doi.org/10.1038/nbt.1411',
  },
  {
    happened_on: '2016-03-15',
    precision: 'day',
    title: 'The FAIR Guiding Principles are published',
    description:
      'The FAIR Guiding Principles for scientific data management and stewardship appear in Scientific Data; the registry later takes its name from them.',
    source_url: 'https://doi.org/10.1038/sdata.2016.18',
  },
  {
    happened_on: '2016-01-01',
    precision: 'year',
    title: 'BioSharing described in Database',
    description: 'BioSharing: curated and crowd-sourced metadata standards, databases and data policies in the life sciences.',
    source_url: 'https://doi.org/10.1093/database/baw075',
  },
  {
    happened_on: '2019-01-01',
    precision: 'year',
    title: 'FAIRsharing described in Nature Biotechnology',
    description:
      'FAIRsharing (formerly BioSharing) as a community approach to standards, repositories and policies, covering all disciplines.',
    source_url: 'https://doi.org/10.1038/s41587-019-0080-8',
  },
];

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('notable_events', (t) => {
    t.increments('id');
    t.date('happened_on').notNullable();
    t.text('precision').notNullable().defaultTo('day');
    t.text('title').notNullable();
    t.text('description').notNullable().defaultTo('');
    t.text('source_url');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['happened_on']);
  });
  await knex.raw(`ALTER TABLE notable_events ADD CONSTRAINT notable_events_precision_check CHECK (precision IN ('day', 'month', 'year'))`);
  await knex('notable_events').insert(MILESTONES);
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists('notable_events');
}
