/**
 * An edit as the API describes it, in names rather than ids: the JSON of a record's `history`
 * (each entry with who and when) and of a profile's `EditEvent.description` (the API's
 * records/history-description.ts writes both). Read here, in one place, from the `unknown` the
 * generated answer types give a JSON field; what does not have the shape is left out.
 */
import { isJsonObject, listOf, stringList, stringOrNull } from '../json-values.ts';

export interface HistoryChange {
  label: string;
  /** The whole value before and after, a line per item; empty when there was none. */
  before: string[];
  after: string[];
}

export interface EditDescription {
  /** The kind of edit and its section: "Edited: General information". */
  title: string;
  /** What an entry without field changes did (a merge). */
  summary: string | null;
  changes: HistoryChange[];
}

export interface HistoryEntry extends EditDescription {
  id: number | string;
  createdAt: string | null;
  /** null: the editor's account was deleted. */
  username: string | null;
}

function readChange(value: unknown): HistoryChange | null {
  if (!isJsonObject(value) || typeof value.label !== 'string') return null;
  return { label: value.label, before: stringList(value.before), after: stringList(value.after) };
}

export function readEditDescription(value: unknown): EditDescription | null {
  if (!isJsonObject(value) || typeof value.title !== 'string' || !Array.isArray(value.changes)) return null;
  return { title: value.title, summary: stringOrNull(value.summary), changes: listOf(value.changes, readChange) };
}

function readHistoryEntry(value: unknown): HistoryEntry | null {
  const description = readEditDescription(value);
  if (!description || !isJsonObject(value) || (typeof value.id !== 'number' && typeof value.id !== 'string')) return null;
  return { ...description, id: value.id, createdAt: stringOrNull(value.createdAt), username: stringOrNull(value.username) };
}

/** A record's history, oldest first as the API lists it; none when the viewer may not see it (null). */
export function readHistory(value: unknown): HistoryEntry[] {
  return listOf(value, readHistoryEntry);
}
