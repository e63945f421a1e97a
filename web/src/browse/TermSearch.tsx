/** A search box over the vocabulary's names and synonyms; choosing a match selects it and opens the tree down to it. */
import { Box, Button, Field, Flex, Input, Text } from '@chakra-ui/react';
import { useMemo, useState } from 'react';
import { findTerms, type TermNode } from './subject-tree.ts';

export function TermSearch({ roots, terms, onSelect }: { roots: readonly TermNode[]; terms: string; onSelect(node: TermNode): void }) {
  const [text, setText] = useState('');
  const matches = useMemo(() => findTerms(roots, text), [roots, text]);
  return (
    <Box as="form" role="search" aria-label="Term search" onSubmit={(event) => {
      event.preventDefault();
      if (matches[0]) onSelect(matches[0]);
    }}>
      <Field.Root>
        <Field.Label fontSize="sm">Find {terms}</Field.Label>
        <Input size="sm" value={text} onChange={(event) => setText(event.currentTarget.value)} placeholder="Name or synonym" data-testid="term-search" />
      </Field.Root>
      {text.trim() ? (
        <Flex as="ul" gap="2" wrap="wrap" mt="2" listStyleType="none" p="0" aria-live="polite">
          {matches.length === 0 ? <Text fontSize="sm">No term matches “{text}”.</Text> : null}
          {matches.map((match) => (
            <li key={match.id}>
              <Button size="xs" variant="outline" onClick={() => onSelect(match)}>
                {match.name}
              </Button>
            </li>
          ))}
        </Flex>
      ) : null}
    </Box>
  );
}
