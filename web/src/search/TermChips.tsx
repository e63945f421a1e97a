/** Subject/domain/species/tag chips; each links to a search filtered on that term. */
import { Badge, Wrap } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import type { TermLabel } from './search-types.ts';

export interface TermChipGroup {
  /** Search argument the chip filters on, e.g. `subjects`. */
  argument: string;
  /** Accessible name of the kind of term, e.g. "Subject". */
  kind: string;
  terms: TermLabel[] | null | undefined;
  colorPalette: string;
}

export function searchLinkFor(argument: string, value: string): string {
  return `/search?${new URLSearchParams({ [argument]: value }).toString()}`;
}

export function TermChips({ groups, limit }: { groups: TermChipGroup[]; limit?: number }) {
  const chips = groups.flatMap((group) =>
    (group.terms ?? []).map((term) => ({ key: `${group.argument}:${term.label}`, group, label: term.label })),
  );
  if (chips.length === 0) return null;
  const shown = limit === undefined ? chips : chips.slice(0, limit);
  return (
    <Wrap gap="1.5" as="ul" listStyleType="none" aria-label="Terms">
      {shown.map((chip) => (
        <li key={chip.key}>
          <Badge asChild colorPalette={chip.group.colorPalette} variant="subtle" size="sm" textTransform="none">
            <RouterLink to={searchLinkFor(chip.group.argument, chip.label)} title={`${chip.group.kind}: ${chip.label}`}>
              {chip.label}
            </RouterLink>
          </Badge>
        </li>
      ))}
      {chips.length > shown.length ? (
        <li>
          <Badge size="sm" variant="outline">
            +{chips.length - shown.length} more
          </Badge>
        </li>
      ) : null}
    </Wrap>
  );
}
