/**
 * The SQL of a table of links from a record to a shared entity, row by row (organisation_links,
 * licence_links): read one, add one, change one (stamping `updated_at`), remove one.
 */
import type { Knex } from 'knex';
import type { Database } from '@registry/platform';

type Db = Database | Knex.Transaction;

export interface RecordLinkTable<Row extends { id: number }> {
  find(db: Db, id: number): Promise<Row | null>;
  insert(trx: Db, row: Omit<Row, 'id'>): Promise<Row>;
  update(trx: Db, id: number, changes: Partial<Row>): Promise<Row>;
  remove(trx: Db, id: number): Promise<void>;
}

/** The link rows of `table`, each read as `columns`. */
export function recordLinkTable<Row extends { id: number }>(table: string, columns: readonly string[]): RecordLinkTable<Row> {
  return {
    async find(db, id) {
      return ((await db(table).where({ id }).first([...columns])) as Row | undefined) ?? null;
    },
    async insert(trx, row) {
      const [inserted] = await trx(table).insert(row).returning([...columns]);
      return inserted as Row;
    },
    async update(trx, id, changes) {
      const [updated] = await trx(table).where({ id }).update({ ...changes, updated_at: trx.fn.now() }).returning([...columns]);
      return updated as Row;
    },
    async remove(trx, id) {
      await trx(table).where({ id }).delete();
    },
  };
}
