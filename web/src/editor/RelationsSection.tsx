/**
 * Relations: the record's links to other records, removed by ticking and added by searching a
 * record and choosing one of the relation types its registry pair allows (GET
 * /record_associations/allowed). Saved together through `record_associations_attributes`.
 */
import { Box, Button, Checkbox, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { loadAllowedRelations, type AllowedRelation, type EditableRecord } from './editor-api.ts';
import { searchRecordsByName } from '../kit/pick-lists.ts';
import { EditSection } from './EditSection.tsx';
import { useSectionSave, type RevisionHolder } from './useSectionSave.ts';
import { latestData, useLoad } from '../kit/useLoad.ts';

const NONE_ALLOWED: AllowedRelation[] = [];

interface NewRelation {
  linkedRecord: { id: string; name: string; registry: string };
  relationTypeId: number;
  label: string;
}

export function RelationsSection({ record, holder, onChanged, onSaved }: {
  record: EditableRecord;
  holder: RevisionHolder;
  onChanged(changes: number): void;
  onSaved(): void;
}) {
  const allowedLoad = useLoad<AllowedRelation[]>({ key: 'allowed-relations', load: () => loadAllowedRelations() });
  const allowed = allowedLoad.status === 'ready' ? allowedLoad.data : NONE_ALLOWED;
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const [added, setAdded] = useState<NewRelation[]>([]);
  const [query, setQuery] = useState('');
  const text = query.trim();
  const foundLoad = useLoad(text.length >= 2 ? { key: text, load: (signal: AbortSignal) => searchRecordsByName(text, signal), delayMs: 200 } : null);
  const found = (latestData(foundLoad) ?? []).filter((candidate) => candidate.id !== record.id);
  const [target, setTarget] = useState<{ id: string; name: string; registry: string } | null>(null);
  const [relationTypeId, setRelationTypeId] = useState('');
  const { saving, outcome, save } = useSectionSave(record.id, 'relations', holder);
  const changes = removed.size + added.length;
  useEffect(() => onChanged(changes), [changes, onChanged]);

  const from = (record.registry ?? '').toLowerCase();
  /** Relation types this record may use towards the chosen target's registry. */
  const choices = useMemo(() => {
    if (!target) return [];
    const to = target.registry.toLowerCase();
    return allowed.filter((type) => type.allowed_associations.some((pair) => pair.from.toLowerCase() === from && pair.to.toLowerCase() === to));
  }, [allowed, target, from]);

  const onSave = async () => {
    const items = [
      ...[...removed].map((id) => ({ id: Number(id), _destroy: true })),
      ...added.map((relation) => ({ linked_record_id: Number(relation.linkedRecord.id), record_assoc_label_id: relation.relationTypeId })),
    ];
    if (await save({ record_associations_attributes: items })) {
      setRemoved(new Set());
      setAdded([]);
      onSaved();
    }
  };

  return (
    <EditSection id="relations" title="Relations" changes={changes} saving={saving} outcome={outcome} onSave={onSave}>
      <Stack gap="2">
        {record.recordAssociations.length === 0 && added.length === 0 && <Text color="fg.muted">No relation yet.</Text>}
        {record.recordAssociations.map((association) => (
          <Checkbox.Root
            key={association.id}
            checked={removed.has(association.id)}
            onCheckedChange={(details) => {
              const next = new Set(removed);
              if (details.checked === true) next.add(association.id);
              else next.delete(association.id);
              setRemoved(next);
            }}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>
              Remove: {(association.recordAssocLabel ?? '').replace(/_/g, ' ')} → {association.linkedRecord?.name ?? 'a record you cannot see'}
            </Checkbox.Label>
          </Checkbox.Root>
        ))}
        {added.map((relation, index) => (
          <HStack key={`${relation.linkedRecord.id}-${relation.relationTypeId}`} justify="space-between">
            <Text>New: {relation.label.replace(/_/g, ' ')} → {relation.linkedRecord.name}</Text>
            <Button size="xs" variant="ghost" onClick={() => setAdded(added.filter((_, at) => at !== index))}>Undo</Button>
          </HStack>
        ))}
      </Stack>
      <Box borderTopWidth="1px" pt="3">
        <Text fontWeight="semibold" mb="2">Add a relation</Text>
        <Stack gap="2">
          <Input aria-label="Search a record to relate" placeholder="Search a record by name" value={query} onChange={(event) => setQuery(event.target.value)} />
          {found.length > 0 && !target && (
            <Stack gap="0" borderWidth="1px" borderRadius="md" role="listbox" aria-label="Records found">
              {found.map((candidate) => (
                <Box key={candidate.id} role="option" aria-selected={false} px="3" py="1.5" cursor="pointer" _hover={{ bg: 'bg.muted' }} onClick={() => { setTarget(candidate); setRelationTypeId(''); }}>
                  {candidate.name} <Text as="span" color="fg.muted">({candidate.registry})</Text>
                </Box>
              ))}
            </Stack>
          )}
          {target && (
            <HStack gap="2" wrap="wrap">
              <Text>{target.name} ({target.registry})</Text>
              <NativeSelect.Root maxW="64">
                <NativeSelect.Field aria-label="Relation type" value={relationTypeId} onChange={(event) => setRelationTypeId(event.target.value)}>
                  <option value="">{choices.length > 0 ? 'Choose a relation' : `No relation allowed from a ${from} to a ${target.registry.toLowerCase()}`}</option>
                  {choices.map((type) => <option key={type.id} value={type.id}>{type.name.replace(/_/g, ' ')}</option>)}
                </NativeSelect.Field>
              </NativeSelect.Root>
              <Button
                size="sm"
                disabled={!relationTypeId}
                onClick={() => {
                  const type = choices.find((choice) => String(choice.id) === relationTypeId)!;
                  setAdded([...added, { linkedRecord: target, relationTypeId: type.id, label: type.name }]);
                  setTarget(null);
                  setQuery('');
                }}
              >
                Add
              </Button>
              <Button size="sm" variant="ghost" onClick={() => setTarget(null)}>Cancel</Button>
            </HStack>
          )}
        </Stack>
      </Box>
    </EditSection>
  );
}
