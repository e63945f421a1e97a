/**
 * The term suggestions each API process keeps in memory follow the terms' revision: a term renamed
 * or added through one process is suggested by another at its next call, without waiting for the
 * minute after which the list is re-read anyway. Two suggesters on their own connection pools
 * stand for two processes on one database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '@registry/platform';
import { termSuggester } from '../../services/api/src/suggestions/term-suggestions.ts';
import { createIsolatedEnvironment, type IsolatedEnvironment } from '../support/environment.ts';
import { insertFixtureVocabulary, insertRecord, type FixtureIds } from '../indexing/fixtures.ts';

let environment: IsolatedEnvironment;
let otherProcess: Database;
let fixture: FixtureIds;

beforeAll(async () => {
  environment = await createIsolatedEnvironment('term_suggestions');
  otherProcess = createDatabase(environment.config.databaseUrl);
  fixture = await insertFixtureVocabulary(environment.db);
  const record = await insertRecord(environment.db, { registryId: fixture.registries.Standard, name: 'Minimum Information About a Microarray Experiment', abbreviation: 'MIAME' });
  await environment.db('record_subjects').insert([
    { record_id: record, subject_id: fixture.subjects.genomics },
    { record_id: record, subject_id: fixture.subjects.proteomics },
  ]);
});

afterAll(async () => {
  await otherProcess?.destroy();
  await environment?.cleanup();
});

const labels = async (suggest: ReturnType<typeof termSuggester>, typed: string): Promise<string[]> => (await suggest(typed, 10)).map((term) => term.label);

describe('term suggestions across processes', () => {
  it('suggests a term renamed through another process at the next call, within the minute the list is kept', async () => {
    const frozenClock = () => 0;
    const first = termSuggester(environment.db, frozenClock);
    const second = termSuggester(otherProcess, frozenClock);
    expect(await labels(first, 'genom')).toEqual(['Genomics']);
    expect(await labels(second, 'genom')).toEqual(['Genomics']);

    // The first process's curator renames the subject: the second process has not seen it.
    await environment.db('subjects').where({ id: fixture.subjects.genomics }).update({ label: 'Functional Genomics' });
    expect(await labels(second, 'functional')).toEqual(['Functional Genomics']);
    expect(await labels(first, 'functional')).toEqual(['Functional Genomics']);
    expect(await labels(second, 'genomics')).toEqual(['Functional Genomics']);
  });

  it('keeps the list while the terms do not change (the record counts are re-read after a minute)', async () => {
    let clock = 0;
    const suggest = termSuggester(otherProcess, () => clock);
    expect((await suggest('proteom', 10))[0]).toMatchObject({ label: 'Proteomics', recordCount: 1 });
    const record = await insertRecord(environment.db, { registryId: fixture.registries.Database, name: 'PRIDE' });
    await environment.db('record_subjects').insert({ record_id: record, subject_id: fixture.subjects.proteomics });
    expect((await suggest('proteom', 10))[0]).toMatchObject({ recordCount: 1 });
    clock = 60_000;
    expect((await suggest('proteom', 10))[0]).toMatchObject({ recordCount: 2 });
  });
});
