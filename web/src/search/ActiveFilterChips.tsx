/**
 * The selected filters as removable chips, each saying how its facet's values combine
 * ("Subjects (all of): proteomics"), plus a way to clear them all.
 */
import { Button, HStack, Tag, Wrap } from '@chakra-ui/react';
import { FACET_MATCH_LABELS, facetByArgument, type FacetMatch } from '@registry/schemas/search/facets.ts';
import { facetDisplayValue } from './FacetPanel.tsx';

export interface ActiveFilterChipsProps {
  filters: Record<string, string[]>;
  /** How a facet's values combine (its argument → "any" or "all"). */
  matchOf(argument: string): FacetMatch;
  onRemove(argument: string, value: string): void;
  onClear(): void;
}

export function ActiveFilterChips({ filters, matchOf, onRemove, onClear }: ActiveFilterChipsProps) {
  const chips = Object.entries(filters).flatMap(([argument, values]) => {
    const facet = facetByArgument(argument);
    const match = matchOf(argument);
    return values.map((value) => ({
      argument,
      value,
      match,
      heading: facet?.label ?? argument,
      label: facet ? facetDisplayValue(facet, value) : value,
    }));
  });
  if (chips.length === 0) return null;
  return (
    <HStack gap="2" wrap="wrap" aria-label="Active filters" role="region" data-testid="active-filters">
      <Wrap gap="1.5">
        {chips.map((chip) => (
          <Tag.Root key={`${chip.argument}:${chip.value}`} size="md" colorPalette="blue" variant="subtle" data-testid="active-filter-chip">
            <Tag.Label>
              {chip.heading} ({FACET_MATCH_LABELS[chip.match]}): {chip.label}
            </Tag.Label>
            <Tag.EndElement>
              <Tag.CloseTrigger aria-label={`Remove filter ${chip.heading}: ${chip.label}`} onClick={() => onRemove(chip.argument, chip.value)} />
            </Tag.EndElement>
          </Tag.Root>
        ))}
      </Wrap>
      <Button size="xs" variant="ghost" onClick={onClear}>
        Clear all filters
      </Button>
    </HStack>
  );
}
