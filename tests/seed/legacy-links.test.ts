/**
 * What the seed joins to records from the 2018 export, checked in the run's seeded catalogue:
 * licences belong to the record they are linked to, and every record's support section can be
 * saved again as it was seeded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type Database } from '@registry/platform';
import { supportSchema } from '@registry/schemas/forms/record-sections.ts';
import { sharedCatalogueConfig } from '../support/environment.ts';

let db: Database;
beforeAll(() => {
  db = createDatabase(sharedCatalogueConfig().databaseUrl);
});
afterAll(async () => db?.destroy());

interface LinkedLicence {
  recordId: number;
  recordName: string;
  licenceName: string;
  licenceUrl: string | null;
}

async function linkedLicences(): Promise<LinkedLicence[]> {
  return (await db('licence_links')
    .join('records', 'records.id', 'licence_links.record_id')
    .join('licences', 'licences.id', 'licence_links.licence_id')
    .select({ recordId: 'records.id', recordName: 'records.name', licenceName: 'licences.name', licenceUrl: 'licences.url' })) as LinkedLicence[];
}

describe('licences from the 2018 export', () => {
  it("gives GenBank no licence of another database (the export's MIRTAR licence is miRTarBase's)", async () => {
    const genBank = (await linkedLicences()).filter((link) => link.recordName === 'GenBank');
    expect(genBank.map((link) => link.licenceName)).not.toContain('MIRTAR is free for academic and non-profit use');
    expect(genBank.filter((link) => /mirtar/i.test(`${link.licenceName} ${link.licenceUrl ?? ''}`))).toEqual([]);
  });

  it('links a licence that names a record (by abbreviation, or in its address) to that record only', async () => {
    const records = (await db('records').whereNotNull('abbreviation').select('id', 'abbreviation')) as { id: number; abbreviation: string }[];
    // Abbreviations of four or more letters name one thing (GreenPhyl, miRTarBase); RGD is checked below by itself.
    const named = records.filter((record) => record.abbreviation.trim().length >= 4);
    const misjoined = (await linkedLicences()).flatMap((link) => {
      const host = URL.canParse(link.licenceUrl ?? '') ? new URL(link.licenceUrl as string).hostname.split('.').join(' ') : '';
      const words = ` ${`${link.licenceName} ${host}`.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
      const owner = named.find((record) => record.id !== link.recordId && words.includes(` ${record.abbreviation.toLowerCase()} `));
      const ownName = link.recordName.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '');
      const namesItsOwnRecord = owner !== undefined && words.replace(/ /g, '').includes(ownName);
      return owner && !namesItsOwnRecord ? [`${link.recordName} ← ${link.licenceName} (${owner.abbreviation}'s)`] : [];
    });
    expect(misjoined).toEqual([]);
    const rgdLicenceHolders = (await linkedLicences()).filter((link) => link.licenceName.startsWith('RGD Data Licence')).map((link) => link.recordName);
    expect(rgdLicenceHolders).toEqual(['Rat Genome Database']);
  });
});

describe('support sections as seeded', () => {
  it('pass the support section schema for every record, so each can be saved again', async () => {
    const rows = (await db('records').select('id', 'metadata')) as { id: number; metadata: Record<string, unknown> | null }[];
    const refused: string[] = [];
    for (const row of rows) {
      const metadata = { contacts: row.metadata?.contacts ?? [], support_links: row.metadata?.support_links ?? [] };
      try {
        await supportSchema.validate({ metadata }, { strict: true });
      } catch (error) {
        refused.push(`${row.id}: ${(error as Error).message}`);
      }
    }
    expect(refused).toEqual([]);
  });

  it('writes Twitter handles as the address of the profile', async () => {
    const [fged] = (await db('records').whereRaw(`metadata->'support_links' @> ?::jsonb`, [JSON.stringify([{ type: 'Twitter', url: 'https://twitter.com/FGED' }])]).select('name')) as { name: string }[];
    expect(fged).toBeDefined();
  });
});
