/** The record page's links to other records: the collections it is in and its relations, grouped by label. */
import { Badge, Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { REGISTRY_LABELS } from '@registry/schemas/search/facets.ts';
import { Link as RouterLink } from 'react-router';
import { labelOf } from '../kit/records/RecordBadges.tsx';
import type { RecordSummary, RegistryRecord } from './record-types.ts';
import { Fact, humanise, RecordSection } from './RecordSection.tsx';

/** The association label by which a collection includes its members. */
export const COLLECTION_LABEL = 'collects';

function RecordLinkList({ records }: { records: RecordSummary[] }) {
  return (
    <Stack as="ul" gap="1" listStyleType="none">
      {records.map((linked) => (
        <Box as="li" key={linked.id}>
          <Link asChild color="blue.700" textDecoration="underline">
            <RouterLink to={`/${linked.id}`}>{linked.name}</RouterLink>
          </Link>
          {linked.abbreviation ? <Text as="span"> ({linked.abbreviation})</Text> : null}
          {linked.registry ? (
            <Badge ms="2" size="sm" variant="outline">
              {labelOf(REGISTRY_LABELS, linked.registry)}
            </Badge>
          ) : null}
        </Box>
      ))}
    </Stack>
  );
}

/** Linked records by their association's label (an association without a label or record is not shown). */
function groupByLabel(entries: Array<{ label: string | null; record: RecordSummary | null }>): Array<{ label: string; records: RecordSummary[] }> {
  const groups = new Map<string, RecordSummary[]>();
  for (const entry of entries) {
    if (!entry.record || entry.label === null) continue;
    groups.set(entry.label, [...(groups.get(entry.label) ?? []), entry.record]);
  }
  return [...groups.entries()].map(([label, records]) => ({ label, records }));
}

/** Collections that include this record (reverse `collects` associations from a collection). */
export function collectionsOf(record: RegistryRecord): RecordSummary[] {
  return (record.reverseRecordAssociations ?? [])
    .flatMap((association) => (association.recordAssocLabel === COLLECTION_LABEL && association.fairsharingRecord ? [association.fairsharingRecord] : []));
}

export function CollectionsSection({ record }: { record: RegistryRecord }) {
  const collections = collectionsOf(record);
  if (collections.length === 0) return null;
  return (
    <RecordSection id="collections" title="Collections">
      <Text mb="2">This record is included in these collections:</Text>
      <RecordLinkList records={collections} />
    </RecordSection>
  );
}

export function RelationsSection({ record }: { record: RegistryRecord }) {
  const isCollection = record.registry?.toLowerCase() === 'collection';
  const outgoing = groupByLabel(
    (record.recordAssociations ?? [])
      // A collection's members have their own searchable section.
      .filter((association) => !(isCollection && association.recordAssocLabel === COLLECTION_LABEL))
      .map((association) => ({ label: association.recordAssocLabel, record: association.linkedRecord })),
  );
  const incoming = groupByLabel(
    (record.reverseRecordAssociations ?? [])
      .filter((association) => association.recordAssocLabel !== COLLECTION_LABEL)
      .map((association) => ({ label: association.recordAssocLabel, record: association.fairsharingRecord })),
  );
  if (outgoing.length === 0 && incoming.length === 0) return null;
  return (
    <RecordSection id="relations" title="Related records">
      {outgoing.length ? (
        <Box mb="4">
          <Heading as="h3" size="sm" mb="2">
            This record…
          </Heading>
          <Box as="dl">
            {outgoing.map((group) => (
              <Fact key={group.label} label={humanise(group.label)}>
                <RecordLinkList records={group.records} />
              </Fact>
            ))}
          </Box>
        </Box>
      ) : null}
      {incoming.length ? (
        <Box>
          <Heading as="h3" size="sm" mb="2">
            Other records that…
          </Heading>
          <Box as="dl">
            {incoming.map((group) => (
              <Fact key={group.label} label={`${humanise(group.label)} this record`}>
                <RecordLinkList records={group.records} />
              </Fact>
            ))}
          </Box>
        </Box>
      ) : null}
      <Link asChild mt="2" display="inline-block" color="blue.700" textDecoration="underline">
        <RouterLink to={`/graph/${record.id}`}>View the relation graph</RouterLink>
      </Link>
    </RecordSection>
  );
}
