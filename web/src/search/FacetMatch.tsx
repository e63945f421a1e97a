/**
 * Beside a facet's heading: how its selected values combine. A facet a record holds one value
 * of (registry, status, yes/no) says "any of"; one it may hold several of (subjects, domains …)
 * offers the choice as two radio buttons, "any of" (each value widens) or "all of" (each value
 * narrows). The words are the chips' too (FACET_MATCH_LABELS).
 */
import { Box, Text, VisuallyHidden, type SystemStyleObject } from '@chakra-ui/react';
import { FACET_MATCHES, FACET_MATCH_LABELS, type FacetDefinition, type FacetMatch } from '@registry/schemas/search/facets.ts';
import { useId } from 'react';

/** Radios 16 px, their centres well over 24 px apart (WCAG 2.2 target size, as the value rows). */
const CHOICES: SystemStyleObject = {
  border: '0',
  padding: '0',
  margin: '0',
  minWidth: '0',
  display: 'flex',
  gap: '3',
  fontSize: 'xs',
  '& label': { display: 'flex', alignItems: 'center', gap: '1', cursor: 'pointer' },
  '& input': { width: '4', height: '4', margin: '0', accentColor: 'brand.solid', cursor: 'pointer' },
};

export interface FacetMatchProps {
  facet: FacetDefinition;
  match: FacetMatch;
  /** Absent: the facet's values can only combine as "any of". */
  onMatch?(match: FacetMatch): void;
}

export function FacetMatchChoice({ facet, match, onMatch }: FacetMatchProps) {
  const name = useId();
  if (!onMatch) {
    return (
      <Text as="span" fontSize="xs" color="fg.muted" data-testid="facet-match">
        {FACET_MATCH_LABELS[match]}
      </Text>
    );
  }
  return (
    <Box as="fieldset" css={CHOICES} data-testid="facet-match">
      <VisuallyHidden as="legend">How the selected {facet.label} combine</VisuallyHidden>
      {FACET_MATCHES.map((choice) => (
        <label key={choice}>
          <input type="radio" name={name} value={choice} checked={match === choice} onChange={() => onMatch(choice)} />
          {FACET_MATCH_LABELS[choice]}
        </label>
      ))}
    </Box>
  );
}
