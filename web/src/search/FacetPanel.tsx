/**
 * A filter panel of checkboxes with the counts of the current answer, a box to search its
 * values and "show more" beyond the answer's first values (both ask the server when the answer
 * does not list every value: `searchFacetValues`). Its heading says how the ticked values
 * combine, with the choice where the facet offers it (FacetMatch.tsx); the counts are the
 * server's for that choice (under "all of", what adding a value would leave). The values are plain
 * `<input type="checkbox">` rows styled once by the list: a search page shows a dozen panels
 * of up to eight values, and a styled checkbox component per value made that the slowest part
 * of showing a search answer.
 */
import { Box, Button, Flex, Stack, Text, type SystemStyleObject } from '@chakra-ui/react';
import { facetValueLabel, type FacetDefinition, type FacetMatch } from '@registry/schemas/search/facets.ts';
import { useId, useState } from 'react';
import { latestData, useLoad } from '../kit/useLoad.ts';
import type { FacetCount } from './aggregations.ts';
import { FacetMatchChoice } from './FacetMatch.tsx';

const FIRST_VALUES_SHOWN = 8;

/**
 * The checkboxes are 16 px: WCAG 2.2's target size (2.5.8) takes them when 24 px around each one's
 * centre touch no other target, so the rows' centres are at least 24 px apart (gap 2 with a 1.4
 * line) — 4 px apart, as before, they were 54 undersized targets on one search page.
 */
const VALUE_ROWS: SystemStyleObject = {
  '& label': { display: 'flex', alignItems: 'flex-start', gap: '2', fontSize: 'sm', cursor: 'pointer', lineHeight: '1.4' },
  '& input': { width: '4', height: '4', marginTop: '0.5', flexShrink: 0, accentColor: 'brand.solid', cursor: 'pointer' },
  '& [data-count]': { color: 'fg.muted' },
};

/** The values of one facet beyond the answer's first ones (`searchFacetValues`). */
/** The values of one facet for one search; `key` names the search and facet (a new key drops what was loaded). */
export interface FacetValuesLoader {
  key: string;
  load(request: { contains?: string; size: number }, signal: AbortSignal): Promise<FacetValues>;
}

interface FacetValues {
  values: FacetCount[];
  otherCount: number;
}

/** How many values "show more" and the facet search ask the server for. */
const MORE_VALUES = 1_000;
/** Milliseconds of no typing before a facet search asks the server. */
const FACET_SEARCH_DEBOUNCE_MS = 200;

export interface FacetPanelProps {
  facet: FacetDefinition;
  counts: FacetCount[];
  /** Records with values beyond `counts` (the answer lists only the first values). */
  otherCount?: number;
  selected: string[];
  /** No answer yet: say so instead of "no values". */
  loading?: boolean;
  onToggle(value: string): void;
  /** How the selected values combine. */
  match: FacetMatch;
  /** Given where the facet offers "all of" as well as "any of". */
  onMatch?(match: FacetMatch): void;
  loadValues?: FacetValuesLoader;
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

function containing(values: FacetCount[], text: string): FacetCount[] {
  const lower = text.trim().toLowerCase();
  return lower ? values.filter((entry) => entry.value.toLowerCase().includes(lower)) : values;
}

export function FacetPanel({ facet, counts, otherCount = 0, selected, loading = false, onToggle, match, onMatch, loadValues }: FacetPanelProps) {
  const [expanded, setExpanded] = useState(false);
  const [filterText, setFilterText] = useState('');
  const complete = otherCount === 0;
  const wanted = filterText.trim();
  // Values the server gave beyond the answer's, for the text they were asked with.
  const found = useLoad<FacetValues & { contains: string; search: string }>(
    loadValues && !complete && (expanded || wanted)
      ? {
          key: `${loadValues.key}:${wanted}`,
          load: async (signal) => ({ contains: wanted, search: loadValues.key, ...(await loadValues.load({ contains: wanted || undefined, size: MORE_VALUES }, signal)) }),
          delayMs: wanted ? FACET_SEARCH_DEBOUNCE_MS : 0,
        }
      : null,
  );
  // Another search (a new loader): values loaded for the previous one no longer hold.
  const last = latestData(found);
  const loaded = last && last.search === loadValues?.key ? last : null;
  const headingId = useId();
  const searchId = useId();

  const source = loaded && loaded.contains === wanted ? loaded.values : counts;
  const values = valuesToShow(containing(source, wanted), wanted ? [] : selected);
  const lowerSelected = new Set(selected.map((value) => value.toLowerCase()));
  const shown = expanded || wanted ? values : values.slice(0, FIRST_VALUES_SHOWN);
  const more = !complete && !(loaded && loaded.contains === wanted && loaded.otherCount === 0);
  const searchable = counts.length > FIRST_VALUES_SHOWN || !complete;
  // Folded: a facet with no values in these results is one line, listed after the others.
  if (!loading && counts.length === 0 && selected.length === 0) {
    return (
      <Box as="section" aria-labelledby={headingId} data-testid={`facet-${facet.argument}`} data-empty="" py="0.5">
        <Text id={headingId} as="h3" fontSize="sm" color="fg.muted">
          {facet.label}
        </Text>
      </Box>
    );
  }
  return (
    <Box as="section" aria-labelledby={headingId} data-testid={`facet-${facet.argument}`} borderBottomWidth="1px" py="3">
      <Flex align="center" justify="space-between" gap="2" wrap="wrap" mb="2">
        <Text id={headingId} as="h3" fontWeight="semibold" fontSize="sm">
          {facet.label}
        </Text>
        <FacetMatchChoice facet={facet} match={match} onMatch={onMatch} />
      </Flex>
      {searchable ? (
        <input
          id={searchId}
          type="search"
          value={filterText}
          onChange={(event) => setFilterText(event.target.value)}
          placeholder={`Search ${facet.label.toLowerCase()}`}
          aria-label={`Search the values of ${facet.label}`}
          data-testid="facet-search"
          style={{ width: '100%', fontSize: '0.8125rem', padding: '0.25rem 0.5rem', marginBottom: '0.5rem', border: '1px solid var(--chakra-colors-border)', borderRadius: '0.25rem' }}
        />
      ) : null}
      {values.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {loading ? 'Loading…' : wanted ? 'No value contains this text' : 'No values in these results'}
        </Text>
      ) : (
        <Stack gap="2" as="ul" listStyleType="none" css={VALUE_ROWS} maxH={expanded ? '24rem' : undefined} overflowY={expanded ? 'auto' : undefined}>
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
      {!wanted && (values.length > FIRST_VALUES_SHOWN || more) ? (
        <Button size="xs" variant="ghost" mt="1" onClick={() => setExpanded(!expanded)} aria-expanded={expanded} data-testid="facet-show-more">
          {expanded ? 'Show fewer' : 'Show more'}
        </Button>
      ) : null}
    </Box>
  );
}
