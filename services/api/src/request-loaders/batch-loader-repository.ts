/**
 * Three batch shapes cover every relation of the data model: a row by id, the rows that point
 * at an owner (one-to-many), and the rows reached through a join table (many-to-many). Each
 * loader sends one query per batch, so a list of N parents costs one query, not N.
 */
import DataLoader from 'dataloader';
import type { Knex } from 'knex';
import type { Database } from '@registry/platform';

type Row = Record<string, unknown>;

function groupByKey<T>(keys: readonly number[], rows: (T & { __owner: number })[]): T[][] {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const { __owner, ...rest } = row;
    const group = groups.get(__owner);
    if (group) group.push(rest as T);
    else groups.set(__owner, [rest as T]);
  }
  return keys.map((key) => groups.get(key) ?? []);
}

export function byIdLoader<T extends { id: number }>(
  db: Database,
  table: string,
  columns: readonly string[] = ['*'],
): DataLoader<number, T | null> {
  return new DataLoader<number, T | null>(async (ids) => {
    const rows = (await db(table).select(columns.map((column) => `${table}.${column}`)).whereIn('id', [...ids])) as T[];
    const found = new Map(rows.map((row) => [Number(row.id), row]));
    return ids.map((id) => found.get(id) ?? null);
  });
}

export interface OneToManyOptions {
  table: string;
  /** Column that holds the owner id. */
  ownerColumn: string;
  orderBy: string;
}

export function oneToManyLoader<T>(db: Database, options: OneToManyOptions): DataLoader<number, T[]> {
  return new DataLoader<number, T[]>(async (ownerIds) => {
    const rows = (await db(options.table)
      .select(`${options.table}.*`, db.raw('?? as "__owner"', [`${options.table}.${options.ownerColumn}`]))
      .whereIn(options.ownerColumn, [...ownerIds])
      .orderBy(options.orderBy)) as (T & { __owner: number })[];
    return groupByKey(ownerIds, rows);
  });
}

export interface ManyToManyOptions {
  joinTable: string;
  /** Join-table column holding the owner id. */
  ownerColumn: string;
  /** Join-table column holding the target id. */
  targetColumn: string;
  targetTable: string;
  orderBy: string;
  /** Extra columns of the join table to keep on each row. */
  joinColumns?: string[];
  /** Columns of the target table to read (default all). */
  targetColumns?: readonly string[];
  /** Narrows the targets (e.g. the access module's `activeUsersOnly`). */
  targetFilter?: (query: Knex.QueryBuilder) => void;
}

export function manyToManyLoader<T>(db: Database, options: ManyToManyOptions): DataLoader<number, T[]> {
  return new DataLoader<number, T[]>(async (ownerIds) => {
    const { joinTable, ownerColumn, targetColumn, targetTable } = options;
    const rows = (await db(targetTable)
      .select(
        ...(options.targetColumns ?? ['*']).map((column) => `${targetTable}.${column}`),
        ...(options.joinColumns ?? []).map((column) => `${joinTable}.${column}`),
        db.raw('?? as "__owner"', [`${joinTable}.${ownerColumn}`]),
      )
      .join(joinTable, `${joinTable}.${targetColumn}`, `${targetTable}.id`)
      .whereIn(`${joinTable}.${ownerColumn}`, [...ownerIds])
      .modify(options.targetFilter ?? (() => {}))
      .orderBy(`${targetTable}.${options.orderBy}`)) as (T & { __owner: number })[];
    return groupByKey(ownerIds, rows);
  });
}

/** Loader of a boolean per owner: does any row of `table` point at it? */
export function existsLoader(db: Database, table: string, ownerColumn: string): DataLoader<number, boolean> {
  return new DataLoader<number, boolean>(async (ownerIds) => {
    const rows = (await db(table).distinct(ownerColumn).whereIn(ownerColumn, [...ownerIds])) as Row[];
    const present = new Set(rows.map((row) => Number(row[ownerColumn])));
    return ownerIds.map((id) => present.has(id));
  });
}
