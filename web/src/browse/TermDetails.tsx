/** A term's details: definitions, synonyms, IRI, both counts (and which is which), broader and narrower terms. */
import { Box, Button, Flex, Heading, Link, Text } from '@chakra-ui/react';
import type { TermNode } from './subject-tree.ts';

function TermButtons({ label, terms, onSelect }: { label: string; terms: readonly TermNode[]; onSelect(node: TermNode): void }) {
  if (terms.length === 0) return null;
  return (
    <Box mt="2">
      <Text fontWeight="semibold" fontSize="sm">
        {label}
      </Text>
      <Flex gap="2" wrap="wrap" mt="1">
        {terms.map((term) => (
          <Button key={term.id} size="xs" variant="outline" onClick={() => onSelect(term)}>
            {term.name} ({term.records_count})
          </Button>
        ))}
      </Flex>
    </Box>
  );
}

export function TermDetails({ term, parents, onSelect }: { term: TermNode; parents: readonly TermNode[]; onSelect(node: TermNode): void }) {
  const definitions = term.definitions?.length ? term.definitions : term.description ? [term.description] : [];
  const own = term.own_records_count ?? term.records_count;
  return (
    <Box as="section" aria-labelledby="term-details-heading" borderWidth="1px" borderColor="gray.200" rounded="md" p="4" data-testid="term-details">
      <Heading as="h2" size="lg" id="term-details-heading" color="brand.800">
        {term.name}
      </Heading>
      {definitions.map((definition) => (
        <Text key={definition} mt="1" color="gray.700">
          {definition}
        </Text>
      ))}
      {term.synonyms?.length ? (
        <Text mt="2" fontSize="sm">
          <strong>Synonyms:</strong> {term.synonyms.join(', ')}
        </Text>
      ) : null}
      {term.iri ? (
        <Text mt="1" fontSize="sm">
          <strong>IRI:</strong>{' '}
          <Link href={term.iri} color="brand.700" textDecoration="underline" wordBreak="break-all">
            {term.iri}
          </Link>
        </Text>
      ) : null}
      <Text mt="2" fontSize="sm" data-testid="term-counts">
        <strong>{own}</strong> public record{own === 1 ? '' : 's'} annotated with this term
        {term.children.length ? (
          <>
            ; <strong>{term.records_count}</strong> with this term or one of its {term.descendants_count} narrower terms (the count in the tree)
          </>
        ) : null}
        .
      </Text>
      <TermButtons label="Broader terms" terms={parents} onSelect={onSelect} />
      <TermButtons label="Narrower terms" terms={term.children} onSelect={onSelect} />
    </Box>
  );
}
