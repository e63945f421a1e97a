/**
 * A row of buttons: ALL (no filter, the default) or the selected options, all shown pressed
 * (a URL may select several, e.g. two registries from the home page's search, which then match
 * any of them: the heading says so). Choosing an option selects it alone.
 */
import { Box, Button, Flex, Text, Wrap } from '@chakra-ui/react';
import { facetValueLabel, type FacetDefinition } from '@registry/schemas/search/facets.ts';
import { useId } from 'react';
import type { FacetCount } from './aggregations.ts';
import { FacetMatchChoice } from './FacetMatch.tsx';

export interface FilterButtonsProps {
  facet: FacetDefinition;
  /** The options besides ALL, in order. */
  options: string[];
  counts: FacetCount[];
  /** The answer's counts have arrived: an option without a bucket counts 0. */
  counted: boolean;
  /** The selected options; none means ALL. */
  selected: string[];
  onSelect(value: string | null): void;
}

export function FilterButtons({ facet, options, counts, counted, selected, onSelect }: FilterButtonsProps) {
  const headingId = useId();
  const lowerSelected = new Set(selected.map((value) => value.toLowerCase()));
  const countOf = (value: string) => counts.find((count) => count.value.toLowerCase() === value.toLowerCase())?.count ?? (counted ? 0 : undefined);
  const choices: Array<{ value: string | null; label: string }> = [
    { value: null, label: 'All' },
    ...options.map((value) => {
      const count = countOf(value);
      return { value, label: `${facetValueLabel(facet, value)}${count === undefined ? '' : ` (${count})`}` };
    }),
  ];
  return (
    <Box as="section" aria-labelledby={headingId} data-testid={`filter-buttons-${facet.argument}`} py="2">
      <Flex align="center" justify="space-between" gap="2" mb="1.5">
        <Text id={headingId} as="h3" fontWeight="semibold" fontSize="sm">
          {facet.label}
        </Text>
        <FacetMatchChoice facet={facet} match="any" />
      </Flex>
      <Wrap gap="1" role="group" aria-labelledby={headingId}>
        {choices.map((choice) => {
          const isActive = choice.value === null ? lowerSelected.size === 0 : lowerSelected.has(choice.value.toLowerCase());
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
