/** Data attached to routes (react-router `handle`) that the shell reads. */
import type { RegistryName } from '@registry/schemas';

export interface RouteHandle {
  /** Route name used in the page title "<site> | <title>"; pages with dynamic titles set their own. */
  title?: string;
  /** Registry a listing route is about (/standards → standard); the search page may read it. */
  registry?: RegistryName;
  /** Show the hero banner: fixed content, or chosen from the registry in the URL (search pages). */
  hero?: { title: string; subtitle: string } | 'by-registry';
}

export function isRouteHandle(value: unknown): value is RouteHandle {
  return !!value && typeof value === 'object';
}
