/**
 * Rules of what curators keep about a record while curating it (the dashboard's approvals tab):
 * a processing note, and the curator the record is assigned to. Shared by the web form and the
 * curation service.
 */
import { object, string, type InferType } from 'yup';
import { ACCOUNT_MESSAGES } from './account.ts';
import { idNumber } from './bounds.ts';

export const PROCESSING_NOTE_MAX = 2000;

export const processingNoteSchema = object({
  note: string().trim().required(ACCOUNT_MESSAGES.required).max(PROCESSING_NOTE_MAX, `A processing note has at most ${PROCESSING_NOTE_MAX} characters`),
});
export type ProcessingNoteInput = InferType<typeof processingNoteSchema>;

/** `curator_id` null takes the record off every curator's list. */
export const curatorAssignmentSchema = object({
  curator_id: idNumber().nullable().defined('Choose a curator, or none'),
});
export type CuratorAssignmentInput = InferType<typeof curatorAssignmentSchema>;
