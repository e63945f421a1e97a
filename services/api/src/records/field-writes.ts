/**
 * A record save changes only fields the viewer may write, by the access module's field table:
 * the change a save would make is checked key by key (columns, id lists, metadata keys) before
 * it is committed, so a maintainer's general-information save cannot change maintainers,
 * watchers, curator notes, the hidden flag or legacy logs, and nothing is half-written.
 */
import { canWriteField, fieldOfKey, type AccessResource, type Viewer } from '@registry/schemas';
import { DomainError } from '../domain-errors.ts';

/**
 * Refuses (403, naming the field) when `changes` holds a key of a field the viewer may not write.
 * Keys the table does not know are a record type's own metadata, which any editor may write.
 */
export function refuseUnwritableChanges(viewer: Viewer, resource: AccessResource, changes: Record<string, unknown>): void {
  for (const key of changedKeys(changes)) {
    const owner = fieldOfKey('FairsharingRecord', key);
    if (!owner || canWriteField(viewer, owner.access, resource)) continue;
    const message = owner.access.write === undefined
      ? `${key} cannot be changed through a record save.`
      : `You may not change ${key} of this record.`;
    throw new DomainError(403, message, { errors: { [key]: message } });
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** The changed keys, and inside a changed metadata document each of its keys that changed. */
function changedKeys(changes: Record<string, unknown>): string[] {
  const keys = Object.keys(changes);
  const metadata = changes.metadata;
  if (!isObject(metadata)) return keys;
  const before = isObject(metadata.before) ? metadata.before : {};
  const after = isObject(metadata.after) ? metadata.after : {};
  const inner = [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null));
  return [...keys, ...inner];
}
