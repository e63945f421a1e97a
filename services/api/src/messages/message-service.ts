/** Public messages (the banner under the header): super curators write them; everyone reads them through GraphQL. */
import type { Database } from '@registry/platform';
import type { Viewer } from '@registry/schemas';
import { messageSchema, type MessageInput } from '@registry/schemas/forms/community.ts';
import { notFoundError } from '../domain-errors.ts';
import { requireAllowed } from '../records/record-guards.ts';
import { validateInput } from '../validation.ts';
import * as repository from './message-repository.ts';

export type { MessageRow } from './message-repository.ts';

/** What everyone reads, the latest changed first. */
export function listMessages(db: Database): Promise<repository.MessageRow[]> {
  return repository.listMessages(db);
}

export async function createMessage(db: Database, viewer: Viewer, payload: unknown): Promise<repository.MessageRow> {
  requireAllowed(viewer, 'site.manage');
  const input = await validateInput<MessageInput>(messageSchema, payload);
  return repository.insertMessage(db, input.message);
}

export async function updateMessage(db: Database, viewer: Viewer, id: number, payload: unknown): Promise<repository.MessageRow> {
  requireAllowed(viewer, 'site.manage');
  const input = await validateInput<MessageInput>(messageSchema, payload);
  const row = await repository.updateMessage(db, id, input.message);
  if (!row) throw notFoundError('Message');
  return row;
}

export async function deleteMessage(db: Database, viewer: Viewer, id: number): Promise<void> {
  requireAllowed(viewer, 'site.manage');
  if (!(await repository.deleteMessage(db, id))) throw notFoundError('Message');
}
