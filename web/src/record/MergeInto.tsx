/**
 * "Merge into…" on a record page (curators, as the dashboard's merge tab): this record is the
 * duplicate; the curator chooses the record to keep, reads what the merge does and confirms;
 * the page then goes to the kept record (this one's address leads there from now on).
 */
import { Button } from '@chakra-ui/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { failureText } from '../api/client.ts';
import { ConfirmDialog } from '../kit/ConfirmDialog.tsx';
import { FormAnswer } from '../kit/FormFields.tsx';
import { MergeConsequences } from '../kit/records/MergeConsequences.tsx';
import { RecordChooser } from '../kit/records/RecordChooser.tsx';
import { mergeRecords, type RecordChoice } from '../kit/records/record-merge.ts';

export function MergeInto({ record }: { record: { id: string; name: string; registry?: string | null } }) {
  const [open, setOpen] = useState(false);
  const [kept, setKept] = useState<RecordChoice | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const duplicate: RecordChoice = { id: record.id, name: record.name, registry: record.registry ?? null };
  const same = kept?.id === duplicate.id;

  const close = () => {
    setOpen(false);
    setKept(null);
    setFailure(null);
  };
  const merge = async () => {
    if (!kept || same) return;
    setBusy(true);
    try {
      await mergeRecords(duplicate.id, kept.id);
      navigate(`/${kept.id}`);
    } catch (error) {
      setFailure(failureText(error, 'The records could not be merged; try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="sm" variant="outline" onClick={() => setOpen(true)}>Merge into…</Button>
      <ConfirmDialog open={open} title={`Merge ${record.name} into…`} action="Merge" busy={busy} disabled={!kept || same} onConfirm={() => void merge()} onClose={close}>
        <RecordChooser label="Record to keep" value={kept} onChange={setKept} testId="merge-kept" />
        {same && <FormAnswer kind="error">A record cannot be merged into itself: choose another record.</FormAnswer>}
        {kept && !same && <MergeConsequences duplicate={duplicate} kept={kept} />}
        {failure && <FormAnswer kind="error">{failure}</FormAnswer>}
      </ConfirmDialog>
    </>
  );
}
