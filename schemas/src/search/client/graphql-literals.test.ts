import { describe, expect, it } from 'vitest';
import { graphqlArguments, graphqlLiteral } from './graphql-literals.ts';

describe('graphqlLiteral', () => {
  it('writes Int and Boolean unquoted, strings quoted', () => {
    expect(graphqlLiteral(3)).toBe('3');
    expect(graphqlLiteral(true)).toBe('true');
    expect(graphqlLiteral('ready')).toBe('"ready"');
    expect(graphqlLiteral(null)).toBe('null');
  });

  it('escapes quotes, backslashes and new lines', () => {
    expect(graphqlLiteral('a "b" \\ c\nd')).toBe('"a \\"b\\" \\\\ c\\nd"');
  });

  it('writes lists, objects and enums', () => {
    expect(graphqlLiteral(['a', 'b'])).toBe('["a","b"]');
    expect(graphqlLiteral({ operator: '_and', fields: [{ subjects: ['x'], isRecommended: true }] })).toBe(
      '{operator:"_and",fields:[{subjects:["x"],isRecommended:true}]}',
    );
    expect(graphqlLiteral({ enumValue: 'ASC' })).toBe('ASC');
  });

  it('refuses names that would break the query', () => {
    expect(() => graphqlArguments({ 'a){x}': 1 })).toThrow();
    expect(() => graphqlLiteral(Number.NaN)).toThrow();
  });
});

describe('graphqlArguments', () => {
  it('skips undefined and is empty without arguments', () => {
    expect(graphqlArguments({ q: 'x', page: undefined, perPage: 20 })).toBe('(q:"x",perPage:20)');
    expect(graphqlArguments({})).toBe('');
  });
});
