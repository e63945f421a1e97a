/**
 * Choosing one record by name or by id: the text is searched as the user types (debounced, stale
 * answers dropped); a number is read as a record id, so a record not yet in search (a new,
 * unapproved one) can be chosen too. The choice shows as its name with a Change button.
 */
import { Button, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState } from 'react';
import { latestData, useLoad } from '../useLoad.ts';
import { searchRecordsByName } from '../pick-lists.ts';
import { loadRecordChoice, type RecordChoice } from './record-merge.ts';

const DEBOUNCE_MS = 200;
const RECORD_ID = /^\d{1,10}$/;

async function candidates(text: string, signal: AbortSignal): Promise<RecordChoice[]> {
  if (RECORD_ID.test(text)) {
    const record = await loadRecordChoice(text);
    return record ? [record] : [];
  }
  return searchRecordsByName(text, signal);
}

export function RecordChooser({ label, value, onChange, testId }: { label: string; value: RecordChoice | null; onChange(value: RecordChoice | null): void; testId: string }) {
  const inputId = useId();
  const [text, setText] = useState('');
  const query = text.trim();
  const asking = !value && (query.length >= 2 || RECORD_ID.test(query));
  const loaded = useLoad<RecordChoice[]>(asking ? { key: query, delayMs: DEBOUNCE_MS, load: (signal) => candidates(query, signal) } : null);
  const found = asking ? (latestData(loaded) ?? null) : null;

  if (value) {
    return (
      <Stack gap="1" data-testid={testId}>
        <Text fontWeight="medium">{label}</Text>
        <HStack gap="3" wrap="wrap">
          <Text data-testid={`${testId}-chosen`}>{value.name} <Text as="span" color="fg.muted">(record {value.id}{value.registry ? `, ${value.registry.toLowerCase()}` : ''})</Text></Text>
          <Button size="xs" variant="outline" onClick={() => onChange(null)} aria-label={`Change the ${label.toLowerCase()}`}>Change</Button>
        </HStack>
      </Stack>
    );
  }
  return (
    <Stack gap="1" data-testid={testId}>
      <Text asChild fontWeight="medium"><label htmlFor={inputId}>{label}</label></Text>
      <Input id={inputId} value={text} onChange={(event) => setText(event.target.value)} placeholder="A name, or a record id" autoComplete="off" />
      {found !== null && found.length === 0 && <Text color="fg.muted" fontSize="sm">No record matches.</Text>}
      {found !== null && found.length > 0 && (
        <Stack as="ul" gap="1" listStyleType="none" aria-label={`Records matching “${text.trim()}”`}>
          {found.map((record) => (
            <li key={record.id}>
              <Button size="xs" variant="ghost" onClick={() => { onChange(record); setText(''); }} aria-label={`Choose ${record.name} (record ${record.id})`}>
                {record.name} <Text as="span" color="fg.muted">(record {record.id})</Text>
              </Button>
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
