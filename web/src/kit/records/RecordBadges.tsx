/**
 * Registry, type, status and recommended badges of a record: the result list and the record
 * page show the same ones. Plain elements: the container applies BADGE_STYLES.
 */
import { REGISTRY_LABELS, STATUS_LABELS } from '@registry/schemas/search/facets.ts';
import { badgeAttributes, type BadgePalette } from './badge-styles.ts';

export const STATUS_COLOURS: Readonly<Record<string, BadgePalette>> = {
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
      {record.registry ? <span {...badgeAttributes('blue')}>{labelOf(REGISTRY_LABELS, record.registry)}</span> : null}
      {record.type ? <span {...badgeAttributes('gray', 'outline')}>{humanise(record.type)}</span> : null}
      {record.status ? (
        <span {...badgeAttributes(STATUS_COLOURS[record.status.toLowerCase()] ?? 'gray')}>{labelOf(STATUS_LABELS, record.status)}</span>
      ) : null}
      {record.isRecommended ? <span {...badgeAttributes('purple')}>Recommended</span> : null}
    </>
  );
}
