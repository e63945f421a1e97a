/**
 * Relations: the record's links to other records, each a row (relation, the linked record and
 * its registry) with its own Remove button, and new ones added in one step: search a record,
 * then choose beside it one of the relation types its registry pair allows (GET
 * /record_associations/allowed). Each change is saved at once through
 * `record_associations_attributes`, as organisations and licences are.
 */
import { Box, Button, HStack, Input, Link, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { loadAllowedRelations, type AllowedRelation, type EditableRecord } from './editor-api.ts';
import { searchRecordsByName } from '../kit/pick-lists.ts';
import { EditSection } from './EditSection.tsx';
import { useSectionSave, type RevisionHolder } from './useSectionSave.ts';
import { latestData, useLoad } from '../kit/useLoad.ts';

const NONE_ALLOWED: AllowedRelation[] = [];

const readable = (name: string) => name.replace(/_/g, ' ');

/** Relation types a record of registry `from` may use towards one of registry `to`. */
function relationChoices(allowed: AllowedRelation[], from: string, to: string): AllowedRelation[] {
  return allowed.filter((type) => type.allowed_associations.some((pair) => pair.from.toLowerCase() === from && pair.to.toLowerCase() === to.toLowerCase()));
}

export function RelationsSection({ record, holder, onChanged, onSaved }: {
  record: EditableRecord;
  holder: RevisionHolder;
  onChanged(changes: number): void;
  onSaved(): void;
}) {
  const allowedLoad = useLoad<AllowedRelation[]>({ key: 'allowed-relations', load: () => loadAllowedRelations() });
  const allowed = allowedLoad.status === 'ready' ? allowedLoad.data : NONE_ALLOWED;
  const [query, setQuery] = useState('');
  const text = query.trim();
  const foundLoad = useLoad(text.length >= 2 ? { key: text, load: (signal: AbortSignal) => searchRecordsByName(text, signal), delayMs: 200 } : null);
  const found = (latestData(foundLoad) ?? []).filter((candidate) => candidate.id !== record.id);
  const { saving, outcome, save } = useSectionSave(record.id, 'relations', holder);
  // Nothing waits for a Save button: every change is sent when it is made.
  useEffect(() => onChanged(0), [onChanged]);
  const from = (record.registry ?? '').toLowerCase();

  const saveChange = async (item: Record<string, unknown>) => {
    if (await save({ record_associations_attributes: [item] })) {
      setQuery('');
      onSaved();
    }
  };

  return (
    <EditSection id="relations" title="Relations" changes={0} saving={saving} outcome={outcome}>
      <Stack gap="0" as="ul" listStyleType="none" aria-label="Relations of this record">
        {record.recordAssociations.length === 0 && <Text as="li" color="fg.muted">No relation yet.</Text>}
        {record.recordAssociations.map((association) => {
          const linked = association.linkedRecord;
          const name = linked?.name ?? 'a record you cannot see';
          return (
            <HStack as="li" key={association.id} justify="space-between" gap="3" py="2" borderBottomWidth="1px" wrap="wrap" data-testid="relation-row">
              <Text>
                <Text as="span" color="fg.muted">{readable(association.recordAssocLabel ?? '')}</Text>{' '}
                {linked ? (
                  <Link asChild color="blue.700" fontWeight="medium">
                    <RouterLink to={`/${linked.id}`}>{name}</RouterLink>
                  </Link>
                ) : (
                  name
                )}
                {linked?.registry && <Text as="span" color="fg.muted"> ({linked.registry.toLowerCase()})</Text>}
              </Text>
              <Button size="sm" variant="outline" disabled={saving} aria-label={`Remove the relation to ${name}`} onClick={() => void saveChange({ id: Number(association.id), _destroy: true })}>
                Remove
              </Button>
            </HStack>
          );
        })}
      </Stack>
      <Box borderTopWidth="1px" pt="3">
        <Text fontWeight="semibold" mb="2">Add a relation</Text>
        <Stack gap="2">
          <Input aria-label="Search a record to relate" placeholder="Search a record by name" value={query} onChange={(event) => setQuery(event.target.value)} />
          {found.length > 0 && (
            <Stack as="ul" listStyleType="none" gap="0" borderWidth="1px" borderRadius="md" aria-label="Records found">
              {found.map((candidate) => {
                const choices = relationChoices(allowed, from, candidate.registry);
                return (
                  <HStack as="li" key={candidate.id} justify="space-between" gap="2" px="3" py="1.5" borderBottomWidth="1px" wrap="wrap" data-testid="relation-candidate">
                    <Text>
                      {candidate.name} <Text as="span" color="fg.muted">({candidate.registry.toLowerCase()})</Text>
                    </Text>
                    {choices.length > 0 ? (
                      <NativeSelect.Root size="sm" w="60" maxW="full" disabled={saving}>
                        <NativeSelect.Field
                          aria-label={`Relation to ${candidate.name}`}
                          value=""
                          onChange={(event) => void saveChange({ linked_record_id: Number(candidate.id), record_assoc_label_id: Number(event.target.value) })}
                        >
                          <option value="">Add as…</option>
                          {choices.map((type) => <option key={type.id} value={type.id}>{readable(type.name)}</option>)}
                        </NativeSelect.Field>
                        <NativeSelect.Indicator />
                      </NativeSelect.Root>
                    ) : (
                      <Text fontSize="sm" color="fg.muted">No relation allowed from a {from} to a {candidate.registry.toLowerCase()}</Text>
                    )}
                  </HStack>
                );
              })}
            </Stack>
          )}
        </Stack>
      </Box>
    </EditSection>
  );
}
