/**
 * Whole-collection root fields give the event loop a turn once their data has arrived. Decoding
 * a thousand search hits (or a vocabulary's rows) and executing the selection over them ran as
 * one stretch of work, tens of milliseconds during which no other request could start; with a
 * turn between them, ordinary requests waiting for the loop run in between.
 */
import { setImmediate as nextTurnOfTheLoop } from 'node:timers/promises';

type Resolver = (...args: never[]) => unknown;

/** `queryResolvers` with each of `fieldNames` answering its value one turn of the loop later. */
export function givingWayAfter<Resolvers extends Record<string, unknown>>(queryResolvers: Resolvers, fieldNames: Iterable<string>): Resolvers {
  const wrapped: Record<string, unknown> = { ...queryResolvers };
  for (const name of fieldNames) {
    const resolve = queryResolvers[name];
    if (typeof resolve !== 'function') continue;
    wrapped[name] = async (...args: Parameters<Resolver>) => {
      const value: unknown = await (resolve as Resolver)(...args);
      await nextTurnOfTheLoop();
      return value;
    };
  }
  return wrapped as Resolvers;
}
