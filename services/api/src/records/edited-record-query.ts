/**
 * The query string of the routes that add a shared entity (organisation, grant, publication,
 * tag): `?fairsharing_record_id=` names the record being edited, so the entity is created only
 * when the viewer may save that record (`requireEditableRecordIfNamed`).
 */
import { Type } from '@sinclair/typebox';
import { IdInteger } from '../validation.ts';

export const EditedRecordQuery = Type.Object(
  { fairsharing_record_id: Type.Optional(IdInteger()) },
  { additionalProperties: false, description: 'The record being edited, when added from the record editor' },
);

export interface EditedRecordQuery {
  fairsharing_record_id?: number;
}
