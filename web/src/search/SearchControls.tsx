/**
 * Text box, match all/any toggle, sort order and page size of the search page. They render on
 * the first paint of every search page, so they are native controls styled by ONE style object
 * on the bar (like the result rows) rather than a dozen styled components and a switch widget.
 * On a phone the options after the text box fold away (`optionsOpen`, opened by the page's
 * "Search options" button), so the first results are on the first screen.
 */
import { Box, Button, type SystemStyleObject } from '@chakra-ui/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { PER_PAGE_CHOICES } from '@registry/schemas/search/client/search-state.ts';
import { PerPageSelect } from '../kit/PerPageSelect.tsx';
import { SelectField } from '../kit/SelectField.tsx';
import { SuggestionsCombobox } from '../kit/suggestions/SuggestionsCombobox.tsx';

export const SORT_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'Relevance' },
  { value: 'name,asc', label: 'Name (A–Z)' },
  { value: 'name,desc', label: 'Name (Z–A)' },
  { value: 'abbreviation,asc', label: 'Abbreviation (A–Z)' },
  { value: 'abbreviation,desc', label: 'Abbreviation (Z–A)' },
];

/** The bar, and a checkbox with the look of Chakra's switch (size sm). */
const CONTROL_STYLES: SystemStyleObject = {
  display: 'flex',
  flexDirection: { base: 'column', md: 'row' },
  flexWrap: 'wrap',
  gap: '3',
  alignItems: { base: 'stretch', md: 'flex-end' },
  '& > form': { display: 'flex', gap: '2', flex: '1', minWidth: { md: '16rem' }, alignItems: 'flex-end' },
  '& > form > [data-field]': { display: 'flex', flexDirection: 'column', gap: '1.5', flex: '1' },
  '& [data-field] > label': { textStyle: 'sm', fontWeight: 'medium' },
  '& > [data-options]': {
    display: { base: 'none', md: 'flex' },
    flexDirection: { base: 'column', md: 'row' },
    gap: '3',
    alignItems: { base: 'stretch', md: 'flex-end' },
  },
  '& > [data-options][data-open]': { display: 'flex' },
  '& [data-switch]': { display: 'inline-flex', alignItems: 'center', gap: '2', textStyle: 'sm', cursor: 'pointer', alignSelf: { md: 'center' } },
  '& [data-switch] > input': {
    appearance: 'none',
    position: 'relative',
    flexShrink: 0,
    width: '8',
    height: '4',
    m: '0',
    borderRadius: 'full',
    bg: 'bg.emphasized',
    cursor: 'pointer',
    transition: 'background 0.15s',
    _before: {
      content: '""',
      position: 'absolute',
      top: '2px',
      left: '2px',
      width: 'calc({sizes.4} - 4px)',
      height: 'calc({sizes.4} - 4px)',
      borderRadius: 'full',
      bg: 'white',
      transition: 'translate 0.15s',
    },
    _checked: { bg: 'gray.solid', _before: { translate: '{sizes.4} 0' } },
  },
};

export interface SearchControlsProps {
  q: string;
  searchAnd: boolean;
  orderBy: string;
  perPage: number;
  onText(q: string): void;
  onSearchAnd(value: boolean): void;
  onOrderBy(value: string): void;
  onPerPage(value: number): void;
  /** On a phone: the options after the text box are shown (the page's "Search options" button). */
  optionsOpen: boolean;
  /** The id of the options' group, for the button that opens it. */
  optionsId: string;
}

export function SearchControls(props: SearchControlsProps) {
  const [text, setText] = useState(props.q);
  const textId = useId();
  // Back/forward changes the URL: the box follows it.
  useEffect(() => setText(props.q), [props.q]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onText(text);
  };
  return (
    <Box css={CONTROL_STYLES}>
      <form role="search" aria-label="Search records" onSubmit={submit}>
        <div data-field="">
          <label htmlFor={textId}>Search text</label>
          <SuggestionsCombobox id={textId} size="sm" type="search" value={text} onValueChange={setText} name="q" />
        </div>
        <Button type="submit" size="sm" colorPalette="blue">
          Search
        </Button>
      </form>
      <div data-options="" data-open={props.optionsOpen ? '' : undefined} id={props.optionsId}>
        <label data-switch="" data-testid="search-and-toggle">
          <input type="checkbox" role="switch" checked={props.searchAnd} onChange={(event) => props.onSearchAnd(event.currentTarget.checked)} />
          Match all terms
        </label>
        <SelectField label="Sort by" testId="sort-select" value={props.orderBy} options={SORT_OPTIONS} onChange={props.onOrderBy} width={{ base: 'full', md: 'auto' }} />
        <PerPageSelect
          label="Results per page"
          testId="per-page-select"
          choices={PER_PAGE_CHOICES}
          value={props.perPage}
          onChange={props.onPerPage}
          width={{ base: 'full', md: 'auto' }}
        />
      </div>
    </Box>
  );
}
