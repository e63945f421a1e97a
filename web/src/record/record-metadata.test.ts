import { describe, expect, it } from 'vitest';
import { accessPoints, additionalFields, citedPublications, dataAccessConditions, supportLinksByType } from './record-metadata.ts';

describe('record metadata', () => {
  it('groups support links by type and turns e-mails into mailto links', () => {
    const groups = supportLinksByType({
      support_links: [
        { url: 'https://x.org/faq', type: 'FAQs', name: 'FAQ' },
        { url: 'help@x.org', type: 'Support email' },
        { url: 'https://x.org/doc', type: 'FAQs' },
        { type: 'Github' },
      ],
    });
    expect(groups.map((group) => [group.type, group.links.length])).toEqual([
      ['FAQs', 2],
      ['Support email', 1],
    ]);
    expect(groups[1].links[0]).toEqual({ url: 'mailto:help@x.org', name: 'help@x.org', type: 'Support email' });
  });

  it('reads access points and access conditions in their several shapes', () => {
    expect(accessPoints({ access_points: [{ url: 'https://api.x.org', type: 'REST', example_url: 'https://api.x.org/1' }, { type: 'SOAP' }] })).toEqual([
      { url: 'https://api.x.org', type: 'REST', name: '', exampleUrl: 'https://api.x.org/1', documentationUrl: null },
    ]);
    expect(dataAccessConditions({ data_access_condition: { type: 'open', url: 'https://x' } })).toEqual([{ label: 'open', url: 'https://x' }]);
    expect(dataAccessConditions({ data_access_condition: ['controlled'] })).toEqual([{ label: 'controlled', url: null }]);
  });

  it('finds cited publications by id', () => {
    const publications = [{ id: '7', title: 'Paper', doi: null, authors: null, journal: null, url: null, year: null, pubmedId: null }];
    expect(citedPublications({ citations: [{ publication_id: 7 }, { publication_id: 8 }] }, publications)).toEqual(publications);
  });

  it('lists the metadata no other section shows', () => {
    expect(
      additionalFields({ year_creation: 2000, data_versioning: 'yes', associated_tools: [{ name: 'Tool', url: 'https://t' }], empty: [] }),
    ).toEqual([
      { label: 'Data versioning', values: ['yes'] },
      { label: 'Associated tools', values: ['Name: Tool; Url: https://t'] },
    ]);
  });
});
