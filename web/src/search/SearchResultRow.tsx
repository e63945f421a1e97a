/** One search result: name, abbreviation, registry, type, status, clamped description, term chips. */
import { Box, Flex, Heading, HStack, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { RecordBadges } from './RecordBadges.tsx';
import type { SearchResultRecord } from './search-types.ts';
import { TermChips } from './TermChips.tsx';

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
        <RecordBadges record={record} />
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
