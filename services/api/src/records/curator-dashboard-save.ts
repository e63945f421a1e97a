/**
 * The two record saves FAIRsharing's curator dashboard sends (`PUT /fairsharing_records/{id}`,
 * `src/components/Curators/CuratorRecordsAwaitingApproval.vue` at the client's commit 4a39acf):
 * its approve dialog sends `{create_review, hidden}` (approve the record; with create_review, mark
 * it reviewed; hidden, when sent, hides or shows it) and its "Assign curator" menu sends
 * `{curator_id}` (an active curator's id, or null for none). This API's own routes for them are
 * `POST /fairsharing_records/{id}/approve`, `POST /record_reviews`, `POST …/hide` and
 * `PUT …/curator`; the record-write route answers these two shapes through the same services.
 */
import { invalidError } from '../domain-errors.ts';

export type CuratorDashboardSave =
  | { kind: 'approve'; createReview: boolean; hidden?: boolean }
  | { kind: 'assign'; curatorId: unknown };

/** Keys the approve dialog may send (processing_notes is always undefined there, so never sent). */
const APPROVAL_KEYS = new Set(['create_review', 'hidden', 'processing_notes']);

const flag = (value: unknown, key: string): boolean => {
  if (typeof value !== 'boolean') throw invalidError(`${key} must be true or false`);
  return value;
};

/** The dashboard save a record-save body is, or null when it is a save of the record's fields. */
export function curatorDashboardSave(payload: Record<string, unknown>): CuratorDashboardSave | null {
  const keys = Object.keys(payload).filter((key) => payload[key] !== undefined);
  if (keys.length === 1 && keys[0] === 'curator_id') return { kind: 'assign', curatorId: payload.curator_id };
  if (!keys.includes('create_review') || !keys.every((key) => APPROVAL_KEYS.has(key))) return null;
  if (payload.processing_notes !== undefined && payload.processing_notes !== null) {
    throw invalidError('Processing notes are added through POST /fairsharing_records/{id}/processing_notes');
  }
  return {
    kind: 'approve',
    createReview: flag(payload.create_review, 'create_review'),
    ...(payload.hidden !== undefined ? { hidden: flag(payload.hidden, 'hidden') } : {}),
  };
}
