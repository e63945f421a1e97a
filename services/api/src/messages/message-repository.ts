/** The SQL of the public messages shown under the header. */
import type { Knex } from 'knex';

export interface MessageRow {
  id: number;
  message: string;
  created_at: Date;
  updated_at: Date;
}

/** Every message, the latest changed first. */
export function listMessages(db: Knex): Promise<MessageRow[]> {
  return db<MessageRow>('messages').select('*').orderBy('updated_at', 'desc');
}

export async function insertMessage(db: Knex, message: string): Promise<MessageRow> {
  const [row] = await db('messages').insert({ message }).returning(['id', 'message', 'created_at', 'updated_at']);
  return row as MessageRow;
}

export async function updateMessage(db: Knex, id: number, message: string): Promise<MessageRow | null> {
  const [row] = await db('messages').where({ id }).update({ message, updated_at: db.fn.now() }).returning(['id', 'message', 'created_at', 'updated_at']);
  return (row as MessageRow | undefined) ?? null;
}

export async function deleteMessage(db: Knex, id: number): Promise<boolean> {
  return (await db('messages').where({ id }).delete()) > 0;
}
