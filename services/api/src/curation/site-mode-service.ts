/** Site modes: super curators switch maintenance and read-only mode; the change is stored and every process picks it up. */
import type { Database } from '@registry/platform';
import type { Viewer } from '@registry/schemas';
import { requireAllowed } from '../records/record-guards.ts';
import * as repository from './site-mode-repository.ts';

export type { StoredSiteModes } from './site-mode-repository.ts';

export async function storedSiteModes(db: Database): Promise<repository.StoredSiteModes> {
  return repository.readSiteModes(db);
}

export async function switchSiteModes(db: Database, viewer: Viewer, modes: { maintenance?: boolean; readOnly?: boolean }): Promise<repository.StoredSiteModes> {
  requireAllowed(viewer, 'site.switchModes');
  await repository.writeSiteModes(db, modes, viewer.userId!);
  return repository.readSiteModes(db);
}
