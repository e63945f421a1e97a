import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { PAGE_PATHS, RECORD_PAGE_PATHS } from '@registry/schemas/web/page-paths.ts';
import { REDIRECTS } from '@registry/schemas/web/redirects.ts';
import { routes } from './routes.tsx';

function pathsOf(tree: readonly RouteObject[]): string[] {
  return tree.flatMap((route) => [...(route.path ? [route.path] : []), ...pathsOf(route.children ?? [])]);
}

describe('route table', () => {
  it('has the paths the server knows as pages, redirects and record pages, and the catch-all', () => {
    const expected = [...PAGE_PATHS, ...REDIRECTS.map((rule) => rule.path), ...RECORD_PAGE_PATHS, '*'];
    expect([...pathsOf(routes)].sort()).toEqual([...expected].sort());
  });
});
