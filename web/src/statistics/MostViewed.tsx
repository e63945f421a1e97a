/** The public records viewed most (GET /statistics/most_viewed), as an ordered list. */
import { Box, Heading, Link, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { latestData, useRestGet } from '../kit/useLoad.ts';

export function MostViewed() {
  const result = useRestGet('/statistics/most_viewed', { query: { size: 10 } });
  const records = result.status === 'error' ? [] : (latestData(result) ?? null);
  return (
    <Box as="section" aria-labelledby="most-viewed-heading" mt="8">
      <Heading as="h2" size="xl" color="brand.700" mb="3" id="most-viewed-heading">
        Most viewed records
      </Heading>
      {records === null ? (
        <Text color="gray.700">Loading…</Text>
      ) : records.length === 0 ? (
        <Text color="gray.700">No record page views have been counted yet.</Text>
      ) : (
        <Box as="ol" pl="6" css={{ listStyleType: 'decimal' }} data-testid="most-viewed">
          {records.map((record) => (
            <li key={record.id}>
              <Link asChild color="brand.700" textDecoration="underline">
                <RouterLink to={`/${record.id}`}>{record.abbreviation ? `${record.abbreviation}: ${record.name}` : record.name}</RouterLink>
              </Link>{' '}
              <Text as="span" color="gray.700">
                ({record.registry}, {record.views.toLocaleString('en-GB')} views)
              </Text>
            </li>
          ))}
        </Box>
      )}
    </Box>
  );
}
