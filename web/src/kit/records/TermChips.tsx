/**
 * Subject/domain/species/tag chips; each links to a search filtered on that term, or where its
 * group says (the record page's go to the term in the ontology browser). Plain elements: the
 * container applies BADGE_STYLES.
 */
import { Link as RouterLink } from 'react-router';
import { badgeAttributes, type BadgePalette } from './badge-styles.ts';
import type { TermLabel } from './search-types.ts';

export interface TermChipGroup {
  /** Search argument the chip filters on, e.g. `subjects`. */
  argument: string;
  /** Accessible name of the kind of term, e.g. "Subject". */
  kind: string;
  terms: TermLabel[] | null | undefined;
  colorPalette: BadgePalette;
  /** Where a chip of this group goes; the search filtered on the term when absent. */
  linkFor?: (label: string) => string;
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
    <ul data-term-chips="" aria-label="Terms">
      {shown.map((chip) => (
        <li key={chip.key}>
          <RouterLink
            {...badgeAttributes(chip.group.colorPalette)}
            to={chip.group.linkFor?.(chip.label) ?? searchLinkFor(chip.group.argument, chip.label)}
            title={`${chip.group.kind}: ${chip.label}`}
          >
            {chip.label}
          </RouterLink>
        </li>
      ))}
      {chips.length > shown.length ? (
        <li>
          <span {...badgeAttributes('gray', 'outline')}>+{chips.length - shown.length} more</span>
        </li>
      ) : null}
    </ul>
  );
}
