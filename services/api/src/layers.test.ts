/**
 * The floors of services/api/src (docs/architecture.md): composition → transport → domains →
 * shared kernel. The rules, each tested first on a small fixture so that a violation of each kind
 * is shown to fail, then on the real tree:
 * - no cycle between modules, counting type-only imports (`import type`, `type X` members) too;
 * - no cycle between folders either (two slices leaning on each other through different modules);
 * - no import climbs back to a higher floor (type-only ones included).
 * A module's floor: the composition modules are named below; `http/`, `pages/`, `infrastructure/`
 * (the handles the composition hands the slices), `graphql/`, `mcp/` and `metrics/` are transport; `kernel/` and the top-level helpers are the shared kernel; every other
 * folder is a domain slice (`graphql-types/` with them: its types map GraphQL to the slices' rows).
 * Domains may import each other (one slice's service uses another's); cycles stay forbidden.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const API_SOURCE = import.meta.dirname;

/** A module and the modules it imports (paths relative to the source root), type-only or not. */
type ImportGraph = ReadonlyMap<string, readonly { target: string; typeOnly: boolean }[]>;

const FLOORS = ['composition', 'transport', 'domains', 'kernel'] as const;
type Floor = (typeof FLOORS)[number];

/** The modules that assemble the app; everything else in their folders is transport. */
const COMPOSITION = new Set(['app.ts', 'server.ts', 'api-server.ts', 'domains.ts', 'graphql/plugin.ts', 'graphql/resolvers.ts']);
const TRANSPORT_FOLDERS = new Set(['http', 'pages', 'infrastructure', 'graphql', 'mcp', 'metrics']);
const KERNEL = new Set(['kernel', 'domain-errors.ts', 'validation.ts', 'like-pattern.ts']);

function floorOf(path: string): Floor {
  if (COMPOSITION.has(path)) return 'composition';
  const top = path.split('/')[0]!;
  if (KERNEL.has(top) || KERNEL.has(path)) return 'kernel';
  if (TRANSPORT_FOLDERS.has(top)) return 'transport';
  return 'domains';
}

function sourceFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The relative imports of a module's text, each marked type-only when it brings in types alone. A
 * module augmentation (`declare module './x.ts'`, how a slice adds its GraphQL parents) ties its
 * module to the one it augments as a type-only import does.
 */
export function importsOf(path: string, text: string): { target: string; typeOnly: boolean }[] {
  const imports = [...text.matchAll(/^(import|export)\s+(type\s+)?([^;]*?)\s*from\s+'(\.{1,2}\/[^']+)'/gms)].map((match) => {
    const names = match[3]!;
    const everyNameIsType = /^\{[^}]*\}$/s.test(names) && names.slice(1, -1).split(',').every((name) => name.trim() === '' || /^type\s/.test(name.trim()));
    return { target: normalize(join(path, '..', match[4]!)), typeOnly: match[2] !== undefined || everyNameIsType };
  });
  const augmented = [...text.matchAll(/^declare\s+module\s+'(\.{1,2}\/[^']+)'/gm)].map((match) => ({ target: normalize(join(path, '..', match[1]!)), typeOnly: true }));
  return [...imports, ...augmented];
}

/**
 * The same imports between folders: each module stands for its top-level folder (a file at the
 * top for itself). A cycle here is two slices leaning on each other, though no module does.
 */
export function folderGraph(graph: ImportGraph): ImportGraph {
  const folderOf = (path: string) => path.split('/')[0]!;
  const folders = new Map<string, Map<string, { target: string; typeOnly: boolean }>>();
  for (const [from, imports] of graph) {
    const edges = folders.get(folderOf(from)) ?? new Map<string, { target: string; typeOnly: boolean }>();
    folders.set(folderOf(from), edges);
    for (const { target, typeOnly } of imports) {
      const folder = folderOf(target);
      if (folder !== folderOf(from) && !edges.has(folder)) edges.set(folder, { target: folder, typeOnly });
    }
  }
  return new Map([...folders].map(([folder, edges]) => [folder, [...edges.values()]]));
}

function apiImportGraph(): ImportGraph {
  return new Map(
    sourceFiles(API_SOURCE).map((file) => {
      const path = relative(API_SOURCE, file);
      return [path, importsOf(path, readFileSync(file, 'utf8')).filter(({ target }) => !target.startsWith('..'))];
    }),
  );
}

/** The strongly connected groups of two or more modules (Tarjan), each sorted: every cycle is inside one. */
export function cyclesOf(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const { target } of graph.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node)!, low.get(target)!));
      } else if (onStack.has(target)) low.set(node, Math.min(low.get(node)!, index.get(target)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const group: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      group.push(member);
    } while (member !== node);
    if (group.length > 1 || (graph.get(node) ?? []).some(({ target }) => target === node)) groups.push(group.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups;
}

/** Every import that goes to a higher floor than its module's, as `from → to`. */
export function climbingImports(graph: ImportGraph, floor: (path: string) => Floor): string[] {
  return [...graph].flatMap(([from, imports]) =>
    imports.filter(({ target }) => FLOORS.indexOf(floor(target)) < FLOORS.indexOf(floor(from))).map(({ target }) => `${from} → ${target}`),
  );
}

const fixture = (edges: Record<string, readonly (string | [string, 'type'])[]>): ImportGraph =>
  new Map(Object.entries(edges).map(([from, targets]) => [from, targets.map((target) => (typeof target === 'string' ? { target, typeOnly: false } : { target: target[0], typeOnly: true }))]));

describe('the rules of the API layers, on fixtures', () => {
  it('finds a runtime cycle and a type-only one, and none in a tree', () => {
    expect(cyclesOf(fixture({ 'http/limits.ts': ['graphql/plugin.ts'], 'graphql/plugin.ts': ['domains.ts'], 'domains.ts': ['http/limits.ts'] }))).toEqual([
      ['domains.ts', 'graphql/plugin.ts', 'http/limits.ts'],
    ]);
    expect(cyclesOf(fixture({ 'graphql-types/resolver-parents.ts': [['records/record-rows.ts', 'type']], 'records/record-rows.ts': [['graphql-types/resolver-parents.ts', 'type']] }))).toHaveLength(1);
    expect(cyclesOf(fixture({ 'app.ts': ['records/record-service.ts', 'kernel/iri.ts'], 'records/record-service.ts': ['kernel/iri.ts'], 'kernel/iri.ts': [] }))).toEqual([]);
  });

  it('finds an import climbing a floor, type-only included, and lets one going down pass', () => {
    expect(climbingImports(fixture({ 'kernel/iri.ts': [['records/record-rows.ts', 'type']], 'records/record-service.ts': ['http/limits.ts', 'kernel/iri.ts'] }), floorOf)).toEqual([
      'kernel/iri.ts → records/record-rows.ts',
      'records/record-service.ts → http/limits.ts',
    ]);
  });

  it('finds two folders leaning on each other though no module cycles', () => {
    const modules = fixture({ 'records/record-pages.ts': ['search/search-records.ts'], 'search/search-resolvers.ts': [['records/record-rows.ts', 'type']], 'search/search-records.ts': [], 'records/record-rows.ts': [] });
    expect(cyclesOf(modules)).toEqual([]);
    expect(cyclesOf(folderGraph(modules))).toEqual([['records', 'search']]);
  });

  it('reads a module augmentation as a type-only import of the module it augments', () => {
    expect(importsOf('records/graphql-parents.ts', "import type { RecordRow } from './record-rows.ts';\ndeclare module '../graphql-types/resolver-parents.ts' {\n}\n")).toEqual([
      { target: 'records/record-rows.ts', typeOnly: true },
      { target: 'graphql-types/resolver-parents.ts', typeOnly: true },
    ]);
  });

  it('reads type-only imports as such', () => {
    expect(importsOf('a/b.ts', "import type { X } from '../c.ts';\nimport { type Y, type Z } from './d.ts';\nimport { W, type V } from './e.ts';\n")).toEqual([
      { target: 'c.ts', typeOnly: true },
      { target: 'a/d.ts', typeOnly: true },
      { target: 'a/e.ts', typeOnly: false },
    ]);
  });
});

describe('the API layers', () => {
  const graph = apiImportGraph();

  it('has no cycle between modules, runtime or type-only', () => {
    expect(cyclesOf(graph)).toEqual([]);
  });

  it('has no cycle between folders: the slices stand on each other one way', () => {
    expect(cyclesOf(folderGraph(graph))).toEqual([]);
  });

  it('has no import climbing back a floor', () => {
    expect(climbingImports(graph, floorOf)).toEqual([]);
  });
});
