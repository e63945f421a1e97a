import { describe, expect, it } from 'vitest';
import { LicenceOwnership } from './legacy-licences.ts';

describe('LicenceOwnership', () => {
  const ownership = new LicenceOwnership([
    { id: 1, name: 'GenBank', abbreviation: 'GenBank' },
    { id: 2, name: 'miRTarBase', abbreviation: 'miRTarBase' },
    { id: 3, name: 'Rat Genome Database', abbreviation: 'RGD' },
    { id: 4, name: 'Plant Resistance Gene Database', abbreviation: 'PRGdb' },
    { id: 5, name: 'FlowRepository', abbreviation: 'FlowRepository' },
    { id: 6, name: 'FLOW', abbreviation: 'FLOW' },
  ]);
  const genBank = { id: 1, name: 'GenBank', abbreviation: 'GenBank', homepage: 'https://www.ncbi.nlm.nih.gov/genbank/' };
  const mirtar = { name: 'MIRTAR is free for academic and non-profit use', url: 'http://mirtarbase.mbc.nctu.edu.tw/cache/download/LICENSE' };
  const rgdLicence = { name: 'RGD Data Licence - No re-use without permission', url: 'http://rgd.mcw.edu/wg/home/disclaimer' };

  it('finds the record a licence names by the words of its address', () => {
    expect(ownership.otherRecordNamed(mirtar, genBank)).toEqual({ recordId: 2, label: 'miRTarBase' });
    expect(ownership.ownLicences([mirtar, { name: 'Attribution required', url: null }], genBank)).toEqual([{ name: 'Attribution required', url: null }]);
  });

  it('finds the record a licence names by whole words only, and keeps a licence naming its own record', () => {
    const rgd = { id: 3, name: 'Rat Genome Database', abbreviation: 'RGD', homepage: 'http://rgd.mcw.edu' };
    const prgdb = { id: 4, name: 'Plant Resistance Gene Database', abbreviation: 'PRGdb', homepage: null };
    expect(ownership.otherRecordNamed(rgdLicence, prgdb)).toEqual({ recordId: 3, label: 'RGD' });
    expect(ownership.otherRecordNamed(rgdLicence, rgd)).toBeNull();
    expect(ownership.otherRecordNamed({ name: 'PRGdb terms', url: null }, genBank)).toEqual({ recordId: 4, label: 'PRGdb' });
  });

  it('keeps a licence that names its record in another spacing, or lives on its homepage host', () => {
    const flowRepository = { id: 5, name: 'FlowRepository', abbreviation: 'FlowRepository', homepage: 'http://flowrepository.org' };
    expect(ownership.otherRecordNamed({ name: 'FLOW Repository Terms of Use', url: null }, flowRepository)).toBeNull();
    expect(ownership.otherRecordNamed({ name: 'FLOW terms', url: 'http://flowrepository.org/terms_of_service' }, flowRepository)).toBeNull();
  });
});
