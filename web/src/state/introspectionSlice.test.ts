import { describe, expect, it } from 'vitest';
import { describeType, searchArgumentTypesFrom } from './introspectionSlice.ts';

describe('search argument types from introspection', () => {
  const answer = {
    __type: {
      fields: [
        { name: 'other', args: [] },
        {
          name: 'searchFairsharingRecords',
          args: [
            { name: 'page', type: { name: 'Int', kind: 'SCALAR' } },
            { name: 'searchAnd', type: { name: 'Boolean', kind: 'SCALAR' } },
            { name: 'q', type: { name: 'String', kind: 'SCALAR' } },
            {
              name: 'subjects',
              type: { name: null, kind: 'LIST', ofType: { name: null, kind: 'NON_NULL', ofType: { name: 'String', kind: 'SCALAR' } } },
            },
          ],
        },
      ],
    },
  };

  it('describes each argument type without non-null marks', () => {
    expect(searchArgumentTypesFrom(answer)).toEqual({ page: 'Int', searchAnd: 'Boolean', q: 'String', subjects: '[String]' });
    expect(describeType({ name: null, kind: 'NON_NULL', ofType: { name: 'ID', kind: 'SCALAR' } })).toBe('ID');
  });

  it('reports a schema without the search query', () => {
    expect(searchArgumentTypesFrom({ __type: { fields: [] } })).toBeNull();
    expect(searchArgumentTypesFrom({ __type: null })).toBeNull();
  });
});
