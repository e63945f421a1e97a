import { describe, expect, it } from 'vitest';
import { RECORD_CSV_COLUMNS, recordCsvCells, recordsCsv, type RecordCsvSource } from './records-csv.ts';

/** RFC 4180 reader, just enough to check that what we write reads back the same. */
function parse(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        cell += char;
      }
    } else if (char === '"') {
      quoted = true;
    } else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else {
      cell += char;
    }
  }
  return rows;
}

const site = { publicUrl: 'https://registry.example.org' };

const record: RecordCsvSource = {
  id: 2,
  name: 'Logical Observation Identifier Names and Codes',
  abbreviation: 'LOINC',
  registry: 'Standard',
  recordType: 'terminology_artefact',
  status: 'ready',
  doi: '10.25504/FAIRsharing.2mk2zb',
  homepage: 'https://loinc.org',
  subjects: [{ label: 'Biomedical Science' }, { label: 'Clinical Studies' }],
  domains: [{ label: 'Laboratory test' }],
  taxonomies: [{ label: 'Homo sapiens' }],
  countries: [{ name: 'United States' }],
  licences: [{ name: 'LOINC licence' }],
};

describe('recordCsvCells', () => {
  it('gives one cell per column, lists joined with "; "', () => {
    expect(recordCsvCells(record, site)).toEqual([
      '2',
      'Logical Observation Identifier Names and Codes',
      'LOINC',
      'standard',
      'terminology_artefact',
      'ready',
      'https://doi.org/10.25504/FAIRsharing.2mk2zb',
      'https://loinc.org',
      'Biomedical Science; Clinical Studies',
      'Laboratory test',
      'Homo sapiens',
      'United States',
      'LOINC licence',
      'https://registry.example.org/2',
    ]);
    expect(recordCsvCells(record, site)).toHaveLength(RECORD_CSV_COLUMNS.length);
  });

  it('leaves missing values empty', () => {
    const cells = recordCsvCells({ ...record, abbreviation: null, doi: null, homepage: null, recordType: null, subjects: [] }, site);
    expect(cells[2]).toBe('');
    expect(cells[4]).toBe('');
    expect(cells[6]).toBe('');
    expect(cells[7]).toBe('');
    expect(cells[8]).toBe('');
  });
});

describe('recordsCsv', () => {
  it('quotes commas, quotes and line breaks so the file parses back to the same values', () => {
    const tricky = { ...record, name: 'Name, with "quotes"\nand a line break', abbreviation: '=cmd()' };
    const text = recordsCsv([tricky, record], site);
    expect(text.startsWith(`${RECORD_CSV_COLUMNS.join(',')}\r\n`)).toBe(true);
    const rows = parse(text);
    expect(rows).toHaveLength(3);
    expect(rows[1][1]).toBe('Name, with "quotes"\nand a line break');
    // A formula is kept as text (OWASP's rule, csv-text.ts).
    expect(rows[1][2]).toBe("'=cmd()");
    expect(rows[2]).toEqual(recordCsvCells(record, site));
  });

  it('can leave the header out (for streamed batches after the first)', () => {
    expect(recordsCsv([record], site, { header: false }).split('\r\n')[0]).toMatch(/^2,/);
    expect(recordsCsv([], site)).toBe(`${RECORD_CSV_COLUMNS.join(',')}\r\n`);
  });
});
