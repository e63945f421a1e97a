/**
 * Saving one section: sends it with the revision the editor holds, moves that revision on after
 * a save, and turns the answer into the section's message (SPEC §4: "Record successfully
 * updated!", or the error of that section alone).
 */
import { useState } from 'react';
import type { RecordSection } from '@registry/schemas/forms/record-sections.ts';
import { ApiError } from '../api/client.ts';
import { loadRecordLinks, saveSection, type RecordLinks } from './editor-api.ts';
import type { SectionOutcome } from './EditSection.tsx';

export interface RevisionHolder {
  revision: string;
  setRevision(revision: string): void;
}

function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    const details = error.details as { errors?: Record<string, string> } | undefined;
    const fields = details?.errors ? Object.values(details.errors) : [];
    return fields.length > 1 ? fields.join(' · ') : error.message;
  }
  return 'The record could not be saved; try again.';
}

export function useSectionSave(recordId: string, section: RecordSection, holder: RevisionHolder) {
  const [saving, setSaving] = useState(false);
  const [outcome, setOutcome] = useState<SectionOutcome | null>(null);

  async function save(payload: Record<string, unknown>): Promise<boolean> {
    setSaving(true);
    setOutcome(null);
    try {
      const answer = await saveSection(recordId, section, payload, holder.revision);
      holder.setRevision(answer.revision);
      setOutcome({ kind: 'success', message: answer.message ?? 'Record successfully updated!' });
      return true;
    } catch (error) {
      setOutcome({ kind: 'error', message: failureText(error) });
      return false;
    } finally {
      setSaving(false);
    }
  }

  return { saving, outcome, save };
}

/**
 * Calls that save at once (organisation, licence and publication links): runs one, then re-reads
 * the record's links and revision — such calls move the revision on, and the other sections'
 * later saves must start from it — and shows the outcome in the section's message area.
 */
export function useLinkAction(recordId: string, holder: RevisionHolder, onLinks: (links: RecordLinks) => void) {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<SectionOutcome | null>(null);

  async function run(action: () => Promise<unknown>, success = 'Record successfully updated!'): Promise<boolean> {
    setBusy(true);
    setOutcome(null);
    try {
      await action();
      const links = await loadRecordLinks(recordId);
      if (links) {
        holder.setRevision(links.revision);
        onLinks(links);
      }
      setOutcome({ kind: 'success', message: success });
      return true;
    } catch (error) {
      setOutcome({ kind: 'error', message: failureText(error) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { busy, outcome, run, setOutcome };
}
