/**
 * A filter panel of checkboxes with the counts of the current answer. The values are plain
 * `<input type="checkbox">` rows styled once by the list: a search page shows a dozen panels
 * of up to eight values, and a styled checkbox component per value made that the slowest part
 * of showing a search answer.
 */
import { Box, Button, Stack, Text, type SystemStyleObject } from '@chakra-ui/react';
import { facetValueLabel, type FacetDefinition } from '@registry/schemas/search/facets.ts';
import { useId, useState } from 'react';
import type { FacetCount } from './aggregations.ts';

const FIRST_VALUES_SHOWN = 8;

const VALUE_ROWS: SystemStyleObject = {
  '& label': { display: 'flex', alignItems: 'flex-start', gap: '2', fontSize: 'sm', cursor: 'pointer', lineHeight: '1.4' },
  '& input': { width: '4', height: '4', marginTop: '0.5', flexShrink: 0, accentColor: 'brand.solid', cursor: 'pointer' },
  '& [data-count]': { color: 'fg.muted' },
};

export interface FacetPanelProps {
  facet: FacetDefinition;
  counts: FacetCount[];
  selected: string[];
  /** No answer yet: say so instead of "no values". */
  loading?: boolean;
  onToggle(value: string): void;
}

/** Registry labels where the facet has them, else the value with spaces ("model_and_format" → "model and format"). */
export function facetDisplayValue(facet: FacetDefinition, value: string): string {
  return facet.valueLabels ? facetValueLabel(facet, value) : value.replace(/_/g, ' ');
}

/** Selected values stay listed even when the answer has no bucket for them. */
export function valuesToShow(counts: FacetCount[], selected: string[]): FacetCount[] {
  const known = new Set(counts.map((count) => count.value.toLowerCase()));
  const missing = selected.filter((value) => !known.has(value.toLowerCase())).map((value) => ({ value, count: 0 }));
  return [...missing, ...counts];
}

export function FacetPanel({ facet, counts, selected, loading = false, onToggle }: FacetPanelProps) {
  const [expanded, setExpanded] = useState(false);
  const headingId = useId();
  const values = valuesToShow(counts, selected);
  const lowerSelected = new Set(selected.map((value) => value.toLowerCase()));
  const shown = expanded ? values : values.slice(0, FIRST_VALUES_SHOWN);
  return (
    <Box as="section" aria-labelledby={headingId} data-testid={`facet-${facet.argument}`} borderBottomWidth="1px" py="3">
      <Text id={headingId} as="h3" fontWeight="semibold" fontSize="sm" mb="2">
        {facet.label}
      </Text>
      {values.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {loading ? 'Loading…' : 'No values in these results'}
        </Text>
      ) : (
        <Stack gap="1" as="ul" listStyleType="none" css={VALUE_ROWS}>
          {shown.map((entry) => (
            <li key={entry.value}>
              <label data-facet-value={entry.value}>
                <input
                  type="checkbox"
                  checked={lowerSelected.has(entry.value.toLowerCase())}
                  onChange={() => onToggle(entry.value)}
                />
                <span>
                  {facetDisplayValue(facet, entry.value)}{' '}
                  <span data-count="" data-testid="facet-count">
                    ({entry.count})
                  </span>
                </span>
              </label>
            </li>
          ))}
        </Stack>
      )}
      {values.length > FIRST_VALUES_SHOWN ? (
        <Button size="xs" variant="ghost" mt="1" onClick={() => setExpanded(!expanded)} aria-expanded={expanded}>
          {expanded ? 'Show fewer' : `Show all ${values.length}`}
        </Button>
      ) : null}
    </Box>
  );
}
