import { describe, expect, it } from 'vitest';
import { chartCsv, displayLabel, distinctLabelLines, fittedLabel, knownDateNote, labelLines } from './statistics-charts.ts';

describe('displayLabel', () => {
  it('humanises bare keys and keeps the labels the API gives as written', () => {
    expect(displayLabel({ key: 'model_and_format', label: 'model_and_format', count: 1 })).toBe('Model and format');
    expect(displayLabel({ key: 'dbsnp', label: 'dbSNP', count: 1 })).toBe('dbSNP');
    expect(displayLabel({ key: 'in_development', label: 'In Dev.', count: 1 })).toBe('In Dev.');
  });
});

describe('knownDateNote', () => {
  it('says how many records a date histogram covers when some have no known date', () => {
    expect(knownDateNote('createdAt', 1592, [{ count: 4 }, { count: 6 }])).toBe(
      '10 of 1,592 records have a known creation date; only they are counted here.',
    );
    expect(knownDateNote('updatedAt', 3270, [{ count: 71 }])).toBe('71 of 3,270 records have a known last update date; only they are counted here.');
  });

  it('says nothing when every record is counted', () => {
    expect(knownDateNote('createdAt', 10, [{ count: 4 }, { count: 6 }])).toBeUndefined();
    expect(knownDateNote('createdAt', 0, [])).toBeUndefined();
  });
});

describe('chartCsv', () => {
  it('keeps a label that would start a spreadsheet formula as text', () => {
    expect(chartCsv(['Organisation', 'Records'], [['=HYPERLINK("https://evil.example")', 3], ['Gene Ontology', 2]])).toBe(
      'Organisation,Records\n"\'=HYPERLINK(""https://evil.example"")",3\nGene Ontology,2\r\n',
    );
  });
});

describe('fittedLabel', () => {
  // One unit per character, so the room is a number of characters.
  const widthOf = (text: string) => text.length;

  it('keeps a label that fits', () => {
    expect(fittedLabel('Genomics', 8, widthOf)).toBe('Genomics');
  });

  it('cuts after the last whole word that fits, with an ellipsis and without trailing punctuation', () => {
    expect(fittedLabel('Minimum Information About a Microarray Experiment', 24, widthOf)).toBe('Minimum Information…');
    expect(fittedLabel('Minimum Information, About a Microarray Experiment', 24, widthOf)).toBe('Minimum Information…');
    expect(fittedLabel('Minimum Information About', 21, widthOf)).toBe('Minimum Information…');
    expect(fittedLabel('Genetic polymorphism', 18, widthOf)).toBe('Genetic…');
  });

  it('cuts within a word only when the first word alone is longer than the room', () => {
    expect(fittedLabel('Pharmacogenomicsknowledgebase resource', 12, widthOf)).toBe('Pharmacogen…');
  });

  it('every result fits the room', () => {
    const label = 'Standards recommended by the most journal policies and databases';
    for (let room = 1; room <= label.length; room += 1) expect(fittedLabel(label, room, widthOf).length).toBeLessThanOrEqual(room);
  });
});

describe('labelLines', () => {
  const widthOf = (text: string) => text.length;

  it('keeps a label that fits on one line', () => {
    expect(labelLines('Gene Ontology', 20, widthOf)).toEqual(['Gene Ontology']);
  });

  it('puts whole words on the first line and shortens the second after a whole word', () => {
    expect(labelLines('Minimum Information About a Microarray Experiment', 20, widthOf)).toEqual(['Minimum Information', 'About a Microarray…']);
    expect(labelLines('Minimum Information About a Microarray', 20, widthOf)).toEqual(['Minimum Information', 'About a Microarray']);
  });

  it('cuts a first word longer than a line on one line', () => {
    expect(labelLines('Pharmacogenomicsknowledgebase resource', 12, widthOf)).toEqual(['Pharmacogen…']);
  });
});

describe('distinctLabelLines', () => {
  const widthOf = (text: string) => text.length;

  it('keeps labels that fit or read differently once shortened', () => {
    expect(distinctLabelLines(['Gene Ontology', 'Protein Data Bank'], 20, widthOf)).toEqual([['Gene Ontology'], ['Protein Data Bank']]);
  });

  it('shows the ends of labels that would read alike, whole words after "…"', () => {
    const labels = [
      'Minimum Information About a Microarray Experiment',
      'Minimum Information About a Proteomics Experiment',
      'Minimum Information About a Cellular Assay',
    ];
    // Shortened from the start, all three read "Minimum" / "Information…".
    expect(new Set(labels.map((label) => labelLines(label, 14, widthOf).join(' '))).size).toBe(1);
    const lines = distinctLabelLines(labels, 14, widthOf);
    expect(lines).toEqual([
      ['…a Microarray', 'Experiment'],
      ['…a Proteomics', 'Experiment'],
      ['…About a', 'Cellular Assay'],
    ]);
    for (const label of lines) for (const line of label) expect(line.length).toBeLessThanOrEqual(14);
  });
});
