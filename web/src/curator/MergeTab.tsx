/**
 * Merging a duplicate into the record to keep (POST /fairsharing_records/{id}/merge): choose
 * both, confirm a dialog that names them, and the answer links to the kept record. The approvals
 * tab's Merge button opens this tab with the duplicate chosen (?duplicate=<id>).
 */
import { Button, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { failureText } from '../api/client.ts';
import { FormAnswer } from '../kit/FormFields.tsx';
import { ConfirmDialog } from '../kit/ConfirmDialog.tsx';
import { latestData, useLoad } from '../kit/useLoad.ts';
import { loadRecordChoice, mergeRecords, type RecordChoice } from '../kit/records/record-merge.ts';
import { RecordChooser } from '../kit/records/RecordChooser.tsx';
import { MergeConsequences } from '../kit/records/MergeConsequences.tsx';

type Outcome = { kind: 'merged'; duplicate: RecordChoice; kept: RecordChoice } | { kind: 'error'; text: string };

export function MergeTab() {
  const [params] = useSearchParams();
  const presetDuplicate = params.get('duplicate');
  const preset = latestData(useLoad<RecordChoice | null>(presetDuplicate ? { key: presetDuplicate, load: () => loadRecordChoice(presetDuplicate) } : null));
  // The duplicate chosen here, for the preset it replaced; until then (or once the URL names another) the preset.
  const [chosen, setChosen] = useState<{ preset: string | null; value: RecordChoice | null } | null>(null);
  const duplicate = chosen !== null && chosen.preset === presetDuplicate ? chosen.value : (preset ?? null);
  const setDuplicate = (value: RecordChoice | null) => setChosen({ preset: presetDuplicate, value });
  const [kept, setKept] = useState<RecordChoice | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const same = duplicate !== null && kept !== null && duplicate.id === kept.id;
  const merge = async () => {
    if (!duplicate || !kept) return;
    setBusy(true);
    try {
      await mergeRecords(duplicate.id, kept.id);
      setOutcome({ kind: 'merged', duplicate, kept });
      setDuplicate(null);
      setKept(null);
    } catch (error) {
      setOutcome({ kind: 'error', text: failureText(error, 'The records could not be merged; try again.') });
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <Stack gap="5" maxW="3xl" as="section" aria-labelledby="merge-title">
      <Heading as="h2" size="lg" id="merge-title">Merge a duplicate record</Heading>
      <Text>
        The duplicate is removed: its relations, maintainers, watchers, vocabulary and saved searches move to the record you keep,
        and its address, DOI and legacy ids lead there from now on. Both histories say so.
      </Text>
      {outcome?.kind === 'merged' && (
        <FormAnswer kind="success">
          {outcome.duplicate.name} was merged into{' '}
          <Link asChild color="brand.700" textDecoration="underline"><RouterLink to={`/${outcome.kept.id}`}>{outcome.kept.name}</RouterLink></Link>.
        </FormAnswer>
      )}
      {outcome?.kind === 'error' && <FormAnswer kind="error">{outcome.text}</FormAnswer>}
      <RecordChooser label="Duplicate to remove" value={duplicate} onChange={setDuplicate} testId="merge-duplicate" />
      <RecordChooser label="Record to keep" value={kept} onChange={setKept} testId="merge-kept" />
      {same && <FormAnswer kind="error">A record cannot be merged into itself: choose two different records.</FormAnswer>}
      <Button alignSelf="start" bg="brand.700" color="white" disabled={!duplicate || !kept || same} onClick={() => { setOutcome(null); setConfirming(true); }}>
        Merge…
      </Button>
      {duplicate && kept && (
        <ConfirmDialog open={confirming} title={`Merge ${duplicate.name} into ${kept.name}?`} action="Merge" busy={busy} onConfirm={() => void merge()} onClose={() => setConfirming(false)}>
          <MergeConsequences duplicate={duplicate} kept={kept} />
        </ConfirmDialog>
      )}
    </Stack>
  );
}
