/** Text box, match all/any toggle, sort order and page size of the search page. */
import { Button, Field, Flex, NativeSelect, Switch } from '@chakra-ui/react';
import { useEffect, useState, type FormEvent } from 'react';
import { PER_PAGE_CHOICES } from '@registry/schemas/search/client/search-state.ts';
import { SuggestionsCombobox } from './SuggestionsCombobox.tsx';

export const SORT_OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: '', label: 'Relevance' },
  { value: 'name,asc', label: 'Name (A–Z)' },
  { value: 'name,desc', label: 'Name (Z–A)' },
  { value: 'abbreviation,asc', label: 'Abbreviation (A–Z)' },
  { value: 'abbreviation,desc', label: 'Abbreviation (Z–A)' },
];

export interface SearchControlsProps {
  q: string;
  searchAnd: boolean;
  orderBy: string;
  perPage: number;
  onText(q: string): void;
  onSearchAnd(value: boolean): void;
  onOrderBy(value: string): void;
  onPerPage(value: number): void;
}

export function SearchControls(props: SearchControlsProps) {
  const [text, setText] = useState(props.q);
  // Back/forward changes the URL: the box follows it.
  useEffect(() => setText(props.q), [props.q]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onText(text);
  };
  return (
    <Flex direction={{ base: 'column', md: 'row' }} gap="3" align={{ base: 'stretch', md: 'flex-end' }} wrap="wrap">
      <Flex as="form" role="search" onSubmit={submit} gap="2" flex="1" minW={{ md: '16rem' }} align="flex-end">
        <Field.Root flex="1">
          <Field.Label fontSize="sm">Search text</Field.Label>
          <SuggestionsCombobox size="sm" type="search" value={text} onValueChange={setText} name="q" />
        </Field.Root>
        <Button type="submit" size="sm" colorPalette="blue">
          Search
        </Button>
      </Flex>
      <Switch.Root
        size="sm"
        checked={props.searchAnd}
        onCheckedChange={(event) => props.onSearchAnd(event.checked)}
        data-testid="search-and-toggle"
        alignSelf={{ md: 'center' }}
      >
        <Switch.HiddenInput />
        <Switch.Control />
        <Switch.Label>Match all terms</Switch.Label>
      </Switch.Root>
      <Field.Root width={{ base: 'full', md: 'auto' }}>
        <Field.Label fontSize="sm">Sort by</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field data-testid="sort-select" value={props.orderBy} onChange={(event) => props.onOrderBy(event.currentTarget.value)}>
            {SORT_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root width={{ base: 'full', md: 'auto' }}>
        <Field.Label fontSize="sm">Results per page</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            data-testid="per-page-select"
            value={String(props.perPage)}
            onChange={(event) => props.onPerPage(Number(event.currentTarget.value))}
          >
            {PER_PAGE_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
    </Flex>
  );
}
