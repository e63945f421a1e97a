import { describe, expect, it } from 'vitest';
import { readEditDescription, readHistory } from './edit-history.ts';

describe('the edit history JSON', () => {
  it('reads a record history, leaving out entries and lines without the shape', () => {
    const history = readHistory([
      { id: 4, createdAt: '2026-01-02T00:00:00Z', username: 'ann', title: 'Edited: Support', summary: null, changes: [{ label: 'Support links', before: [], after: ['https://example.org', 3] }, { before: [] }] },
      { id: 5, createdAt: null, username: null, title: 'Merged record', summary: 'Merged X into this record', changes: [] },
      { title: 'no id', changes: [] },
      'junk',
    ]);
    expect(history).toEqual([
      { id: 4, createdAt: '2026-01-02T00:00:00Z', username: 'ann', title: 'Edited: Support', summary: null, changes: [{ label: 'Support links', before: [], after: ['https://example.org'] }] },
      { id: 5, createdAt: null, username: null, title: 'Merged record', summary: 'Merged X into this record', changes: [] },
    ]);
    expect(readHistory(null)).toEqual([]);
  });

  it('reads an edit description, or null when it is not one', () => {
    expect(readEditDescription({ title: 'Edited: General information', changes: [{ label: 'Description' }] })).toEqual({
      title: 'Edited: General information', summary: null, changes: [{ label: 'Description', before: [], after: [] }],
    });
    expect(readEditDescription({ changes: [] })).toBeNull();
    expect(readEditDescription('Edited')).toBeNull();
  });
});
