/** Registry, type, status and recommended badges of a record: the result list and the record page show the same ones. */
import { Badge } from '@chakra-ui/react';
import { REGISTRY_LABELS, STATUS_LABELS } from '@registry/schemas/search/facets.ts';

export const STATUS_COLOURS: Readonly<Record<string, string>> = {
  ready: 'green',
  in_development: 'yellow',
  deprecated: 'red',
  uncertain: 'gray',
};

export function labelOf(labels: Readonly<Record<string, string>>, value: string | null | undefined): string {
  if (!value) return '';
  return labels[value.toLowerCase()] ?? value.replace(/_/g, ' ');
}

/** "knowledgebase_and_repository" → "Knowledgebase and repository". */
export function humanise(value: string | null | undefined): string {
  if (!value) return '';
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

interface BadgedRecord {
  registry?: string | null;
  type?: string | null;
  status?: string | null;
  isRecommended?: boolean | null;
}

export function RecordBadges({ record }: { record: BadgedRecord }) {
  return (
    <>
      {record.registry ? <Badge colorPalette="blue">{labelOf(REGISTRY_LABELS, record.registry)}</Badge> : null}
      {record.type ? <Badge variant="outline">{humanise(record.type)}</Badge> : null}
      {record.status ? (
        <Badge colorPalette={STATUS_COLOURS[record.status.toLowerCase()] ?? 'gray'}>{labelOf(STATUS_LABELS, record.status)}</Badge>
      ) : null}
      {record.isRecommended ? <Badge colorPalette="purple">Recommended</Badge> : null}
    </>
  );
}
