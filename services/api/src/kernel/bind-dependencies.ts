/**
 * A domain's actions with their dependencies given once: `bindDependencies(deps, { createRecord })`
 * is `{ createRecord: (...rest) => createRecord(deps, ...rest) }`, typed as such.
 */
type Action<Deps> = (deps: Deps, ...rest: never[]) => unknown;

export type BoundActions<Actions> = {
  [Name in keyof Actions]: Actions[Name] extends (deps: never, ...rest: infer Rest) => infer Result ? (...rest: Rest) => Result : never;
};

export function bindDependencies<Deps, Actions extends Record<string, Action<Deps>>>(deps: Deps, actions: Actions): BoundActions<Actions> {
  return Object.fromEntries(
    Object.entries(actions).map(([name, action]) => [name, (...rest: never[]) => action(deps, ...rest)]),
  ) as BoundActions<Actions>;
}
