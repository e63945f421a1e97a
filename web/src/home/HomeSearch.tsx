/**
 * The search of the home page: a text box and one checkbox per registry, all ticked at first.
 * Native checkboxes keep the first page light and are labelled and keyboard-usable as they are.
 */
import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Box, Button, Flex, Text } from '@chakra-ui/react';
import { SuggestionsCombobox } from '../kit/suggestions/SuggestionsCombobox.tsx';
import type { RegistryName } from '@registry/schemas';
import { HOME_SEARCH_REGISTRIES, homeSearchTarget } from './homeSearch.ts';

export function HomeSearch() {
  const navigate = useNavigate();
  const [text, setText] = useState('');
  const [chosen, setChosen] = useState<RegistryName[]>(HOME_SEARCH_REGISTRIES.map(({ value }) => value));
  const inputId = useId();

  function toggle(value: RegistryName, checked: boolean) {
    setChosen((current) => (checked ? [...current, value] : current.filter((item) => item !== value)));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const target = homeSearchTarget(text, chosen);
    if (target) void navigate(target);
  }

  return (
    <Box as="form" role="search" aria-label="Search the registry" onSubmit={submit} mt="6" maxW="3xl" mx="auto" data-testid="home-search">
      <label htmlFor={inputId} style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
        Search the registry
      </label>
      <Flex gap="2">
        <SuggestionsCombobox
          id={inputId}
          type="search"
          value={text}
          onValueChange={setText}
          placeholder="e.g. ontology, genomics, MIAME"
          size="lg"
        />
        <Button type="submit" size="lg" bg="accent.400" color="gray.900" _hover={{ bg: 'accent.500' }}>
          Search
        </Button>
      </Flex>
      <Flex as="fieldset" mt="3" gap={{ base: '3', md: '6' }} wrap="wrap" justify="center" border="0">
        <legend style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          Registries to search
        </legend>
        {HOME_SEARCH_REGISTRIES.map(({ value, label }) => (
          <label key={value} style={{ display: 'inline-flex', alignItems: 'center', gap: '0.4rem', cursor: 'pointer' }}>
            <input
              type="checkbox"
              name="registry"
              value={value}
              checked={chosen.includes(value)}
              onChange={(event) => toggle(value, event.target.checked)}
              style={{ width: '1.1rem', height: '1.1rem', accentColor: '#f7a721' }}
            />
            <Text as="span">{label}</Text>
          </label>
        ))}
      </Flex>
      {chosen.length === 0 && (
        <Text mt="2" fontSize="sm" role="status">
          Tick at least one registry to search.
        </Text>
      )}
    </Box>
  );
}
