/** One search result: name, abbreviation, registry, type, status, clamped description, term chips. */
import { Badge, Box, Flex, Heading, HStack, Link, Text } from '@chakra-ui/react';
import { REGISTRY_LABELS, STATUS_LABELS } from '@registry/schemas/search/facets.ts';
import { Link as RouterLink } from 'react-router';
import type { SearchResultRecord } from './search-types.ts';
import { TermChips } from './TermChips.tsx';

export const STATUS_COLOURS: Readonly<Record<string, string>> = {
  ready: 'green',
  in_development: 'yellow',
  deprecated: 'red',
  uncertain: 'gray',
};

export function labelOf(labels: Readonly<Record<string, string>>, value: string | null | undefined): string {
  if (!value) return '';
  return labels[value.toLowerCase()] ?? value.replace(/_/g, ' ');
}

export function SearchResultRow({ record }: { record: SearchResultRecord }) {
  return (
    <Box as="li" data-testid="search-result" borderWidth="1px" borderRadius="md" p="4" bg="bg" listStyleType="none">
      <Flex gap="2" align="baseline" wrap="wrap">
        <Heading as="h3" size="md" lineHeight="short">
          <Link asChild color="blue.700" _dark={{ color: 'blue.300' }}>
            <RouterLink to={`/${record.id}`}>{record.name}</RouterLink>
          </Link>
        </Heading>
        {record.abbreviation ? (
          <Text as="span" color="fg.muted" fontWeight="medium">
            ({record.abbreviation})
          </Text>
        ) : null}
      </Flex>
      <HStack gap="2" mt="2" wrap="wrap">
        {record.registry ? <Badge colorPalette="blue">{labelOf(REGISTRY_LABELS, record.registry)}</Badge> : null}
        {record.type ? <Badge variant="outline">{record.type.replace(/_/g, ' ')}</Badge> : null}
        {record.status ? (
          <Badge colorPalette={STATUS_COLOURS[record.status.toLowerCase()] ?? 'gray'}>
            {labelOf(STATUS_LABELS, record.status)}
          </Badge>
        ) : null}
        {record.isRecommended ? (
          <Badge colorPalette="purple">
            Recommended
          </Badge>
        ) : null}
      </HStack>
      {record.description ? (
        <Text mt="2" lineClamp={3} fontSize="sm">
          {record.description}
        </Text>
      ) : null}
      <Box mt="2">
        <TermChips
          limit={12}
          groups={[
            { argument: 'subjects', kind: 'Subject', terms: record.subjects, colorPalette: 'teal' },
            { argument: 'domains', kind: 'Domain', terms: record.domains, colorPalette: 'orange' },
            { argument: 'taxonomies', kind: 'Species', terms: record.taxonomies, colorPalette: 'pink' },
          ]}
        />
      </Box>
    </Box>
  );
}

export function SearchResultList({ records, label }: { records: SearchResultRecord[]; label: string }) {
  return (
    <Box as="ul" aria-label={label} display="flex" flexDirection="column" gap="3" p="0" m="0">
      {records.map((record) => (
        <SearchResultRow key={record.id} record={record} />
      ))}
    </Box>
  );
}
