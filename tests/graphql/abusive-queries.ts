/**
 * Queries an attacker sends to make the GraphQL endpoint work hard, shared by the tests and
 * scripts/bench/abuse.ts.
 */

/** Fragment Fn spreads F(n-1) twice, so the selection doubles with every level; used once. */
export function doublingFragmentsQuery(levels: number): string {
  const fragments = ['fragment F0 on FairsharingRecord { id }'];
  for (let level = 1; level <= levels; level += 1) fragments.push(`fragment F${level} on FairsharingRecord { ...F${level - 1} a${level}: id ...F${level - 1} }`);
  return `{ fairsharingRecord(id: 2) { ...F${levels} } } ${fragments.join(' ')}`;
}

/** `count` aliases of one root selection. */
export function aliasedQuery(selection: string, count: number): string {
  return `{ ${Array.from({ length: count }, (_, index) => `a${index}: ${selection}`).join(' ')} }`;
}
