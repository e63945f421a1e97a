/** A row of buttons with exactly one active option; ALL (no filter) is the default. */
import { Box, Button, Text, Wrap } from '@chakra-ui/react';
import { facetValueLabel, type FacetDefinition } from '@registry/schemas/search/facets.ts';
import { useId } from 'react';
import type { FacetCount } from './aggregations.ts';

export interface FilterButtonsProps {
  facet: FacetDefinition;
  /** The options besides ALL, in order. */
  options: string[];
  counts: FacetCount[];
  /** The active option, or null for ALL. */
  active: string | null;
  onSelect(value: string | null): void;
}

export function FilterButtons({ facet, options, counts, active, onSelect }: FilterButtonsProps) {
  const headingId = useId();
  const countOf = (value: string) => counts.find((count) => count.value.toLowerCase() === value.toLowerCase())?.count;
  const choices: Array<{ value: string | null; label: string }> = [
    { value: null, label: 'All' },
    ...options.map((value) => {
      const count = countOf(value);
      return { value, label: `${facetValueLabel(facet, value)}${count === undefined ? '' : ` (${count})`}` };
    }),
  ];
  return (
    <Box as="section" aria-labelledby={headingId} data-testid={`filter-buttons-${facet.argument}`} py="2">
      <Text id={headingId} as="h3" fontWeight="semibold" fontSize="sm" mb="1.5">
        {facet.label}
      </Text>
      <Wrap gap="1" role="group" aria-labelledby={headingId}>
        {choices.map((choice) => {
          const isActive = (choice.value ?? '').toLowerCase() === (active ?? '').toLowerCase();
          return (
            <Button
              key={choice.label}
              size="xs"
              variant={isActive ? 'solid' : 'outline'}
              colorPalette={isActive ? 'blue' : 'gray'}
              aria-pressed={isActive}
              onClick={() => onSelect(choice.value)}
            >
              {choice.label}
            </Button>
          );
        })}
      </Wrap>
    </Box>
  );
}
