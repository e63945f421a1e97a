/**
 * Saving one section: sends it with the revision the editor holds, moves that revision on after
 * a save, and turns the answer into the section's message (SPEC §4: "Record successfully
 * updated!", or the error of that section alone).
 */
import { useState } from 'react';
import type { RecordSection } from '@registry/schemas/forms/record-sections.ts';
import { ApiError } from '../api/client.ts';
import { loadRecordLinks, saveSection, type RecordLinks, type RecordRevision } from './editor-api.ts';
import type { SectionOutcome } from './EditSection.tsx';

export interface RevisionHolder {
  revision: RecordRevision;
  setRevision(revision: RecordRevision): void;
}

function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    const details = error.details as { errors?: Record<string, string> } | undefined;
    const fields = details?.errors ? Object.values(details.errors) : [];
    return fields.length > 1 ? fields.join(' · ') : error.message;
  }
  return 'The record could not be saved; try again.';
}

const UPDATED = 'Record successfully updated!';

/** One call at a time with its outcome: busy while it runs, then its success message or the failure. */
function useSectionCall() {
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<SectionOutcome | null>(null);

  async function call(action: () => Promise<string>): Promise<boolean> {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ kind: 'success', message: await action() });
      return true;
    } catch (error) {
      setOutcome({ kind: 'error', message: failureText(error) });
      return false;
    } finally {
      setBusy(false);
    }
  }

  return { busy, outcome, call, setOutcome };
}

export function useSectionSave(recordId: string, section: RecordSection, holder: RevisionHolder) {
  const { busy: saving, outcome, call } = useSectionCall();

  const save = (payload: Record<string, unknown>): Promise<boolean> =>
    call(async () => {
      const answer = await saveSection(recordId, section, payload, holder.revision);
      holder.setRevision(answer.revision);
      return answer.message ?? UPDATED;
    });

  return { saving, outcome, save };
}

/**
 * Calls that save at once (organisation, licence and publication links): runs one, then re-reads
 * the record's links and revision — such calls move the revision on, and the other sections'
 * later saves must start from it — and shows the outcome in the section's message area.
 */
export function useLinkAction(recordId: string, holder: RevisionHolder, onLinks: (links: RecordLinks) => void) {
  const { busy, outcome, call, setOutcome } = useSectionCall();

  const run = (action: () => Promise<unknown>, success = UPDATED): Promise<boolean> =>
    call(async () => {
      await action();
      const links = await loadRecordLinks(recordId);
      if (links) {
        holder.setRevision(links.revision);
        onLinks(links);
      }
      return success;
    });

  return { busy, outcome, run, setOutcome };
}
