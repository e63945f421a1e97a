import { describe, expect, it } from 'vitest';
import { graphqlOperation, graphqlRequestKey, toGraphqlRequest } from './graphql-request.ts';

describe('graphqlOperation', () => {
  it('types each variable by its value, as this API declares its arguments', () => {
    const request = graphqlOperation('S', 'f', { text: 'x', n: 3, yes: false, words: ['a'], numbers: [1, 2], skipped: undefined }, 'id');
    expect(request.query).toBe('query S($text:String,$n:Int,$yes:Boolean,$words:[String!],$numbers:[Int!]){f(text:$text,n:$n,yes:$yes,words:$words,numbers:$numbers){id}}');
    expect(request.variables).toEqual({ text: 'x', n: 3, yes: false, words: ['a'], numbers: [1, 2] });
  });

  it('writes inline what a value cannot type, and what it is asked to', () => {
    const request = graphqlOperation('S', 'f', { none: null, empty: [], mixed: [1, 'a'], sort: { enumValue: 'name' }, size: 20 }, 'id', ['size']);
    expect(request.query).toBe('query S{f(none:null,empty:[],mixed:[1,"a"],sort:name,size:20){id}}');
    expect(request.variables).toEqual({});
  });

  it('refuses a name that is not a GraphQL name', () => {
    expect(() => graphqlOperation('S', 'f', { 'a){x}': 'y' }, 'id')).toThrow();
  });
});

describe('graphqlRequestKey', () => {
  it('is the document alone without variables, and tells requests apart by their values', () => {
    expect(graphqlRequestKey('{a}')).toBe('{a}');
    expect(toGraphqlRequest('{a}')).toEqual({ query: '{a}' });
    expect(graphqlRequestKey({ query: 'q', variables: { a: 1 } })).not.toBe(graphqlRequestKey({ query: 'q', variables: { a: 2 } }));
  });
});
