import { describe, expect, it } from 'vitest';
import { givingWayAfter } from './giving-way.ts';

describe('givingWayAfter', () => {
  const resolvers = {
    whole: async (_root: unknown, args: { n: number }) => Array.from({ length: args.n }, (_, index) => index),
    paged: async () => 'a page',
  };
  const wrapped = givingWayAfter(resolvers, ['whole']);

  it('answers what the resolver answers, one turn of the event loop later', async () => {
    let turned = false;
    setImmediate(() => { turned = true; });
    expect(await wrapped.whole(null, { n: 3 })).toEqual([0, 1, 2]);
    expect(turned).toBe(true);
  });

  it('leaves the other fields as they are', async () => {
    expect(wrapped.paged).toBe(resolvers.paged);
    let turned = false;
    setImmediate(() => { turned = true; });
    await resolvers.whole(null, { n: 1 });
    expect(turned).toBe(false);
  });
});
