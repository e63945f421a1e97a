import { describe, expect, it } from 'vitest';
import { recordsAwaitingApproval } from './activity-lists.ts';

const record = (id: string, isApproved: boolean | null) => ({ id, name: `Record ${id}`, type: null, doi: null, registry: null, isApproved });

describe('recordsAwaitingApproval', () => {
  it('lists created and maintained records awaiting approval, each once', () => {
    const user = {
      createdRecords: [record('1', false), record('2', true), record('3', false)],
      maintainedRecords: [record('3', false), record('4', false), record('5', null)],
    };
    expect(recordsAwaitingApproval(user).map((item) => item.id)).toEqual(['1', '3', '4']);
  });

  it('is empty when every record is approved', () => {
    expect(recordsAwaitingApproval({ createdRecords: [record('2', true)], maintainedRecords: [] })).toEqual([]);
  });
});
