import { describe, expect, it } from 'vitest';
import { neutralisedCell } from '@registry/schemas/export/csv-cell.ts';
import { csvText } from './csv-text.ts';

describe('CSV cells (OWASP CSV injection rule)', () => {
  it('prefixes a single quote to text a spreadsheet would run as a formula', () => {
    for (const formula of ['=HYPERLINK("https://evil.example","x")', '+1+cmd|/C calc!A0', '-2+3', '@SUM(A1:A2)', '\t=1', '\r=1']) {
      expect(neutralisedCell(formula)).toBe(`'${formula}`);
    }
  });

  it('leaves other text and numbers as they are', () => {
    expect(neutralisedCell('Gene Ontology')).toBe('Gene Ontology');
    expect(neutralisedCell('a=b')).toBe('a=b');
    expect(csvText([['name', 'count'], ['=1+1', -3]], 'lf')).toBe(`name,count\n'=1+1,-3\n`);
  });

  it('quotes what needs quoting after neutralising', () => {
    expect(csvText([['=A1,"x"']])).toBe(`"'=A1,""x"""\r\n`);
  });
});
