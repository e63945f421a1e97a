import { describe, expect, it } from 'vitest';
import { webPathKind } from './page-paths.ts';

describe('webPathKind', () => {
  it.each(['/', '/search', '/Standards/', '/organisations/12', '/2/edit', '/license', '/databases/repositories', '/ontology/subject/SRAO.owl/0.3.0', '/users/7'])(
    '%s is a page',
    (path) => expect(webPathKind(path)).toEqual({ kind: 'page' }),
  );

  it('leaves the sitemap, a page the server renders, to the server', () => {
    expect(webPathKind('/sitemap.xml').kind).not.toBe('page');
  });

  it.each([
    ['/2', '2'],
    ['/2/', '2'],
    ['/FAIRsharing.2mk2zb', 'FAIRsharing.2mk2zb'],
    ['/bsg-s000001', 'bsg-s000001'],
    ['/10.25504/FAIRsharing.2mk2zb', '10.25504/FAIRsharing.2mk2zb'],
    ['/no%20such', 'no such'],
  ])('%s names the record %s', (path, identifier) => {
    expect(webPathKind(path)).toEqual({ kind: 'record', identifier });
  });

  it.each(['/no/such/page', '/2/edit/more', '/10.25504/a/b', '/%E0%A4%A', '/assets/missing-123.js', '/export/records.json', '/api/docs'])('%s names nothing', (path) => {
    expect(webPathKind(path)).toEqual({ kind: 'unknown' });
  });
});
