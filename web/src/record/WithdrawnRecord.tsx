/**
 * A withdrawn record's page (the server answers its URL 410 Gone): the tombstone a curator left
 * when deleting the public record — its name, registry, DOI, why and when it was withdrawn, and
 * the record that replaces it.
 */
import { Box, Heading, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router';
import { formatLongDate } from '../kit/format/dates.ts';
import type { RegistryRecord } from './record-types.ts';

export function WithdrawnRecord({ record, withdrawn }: { record: RegistryRecord; withdrawn: NonNullable<RegistryRecord['withdrawn']> }) {
  const doi = record.doi;
  return (
    <Box as="article" maxW="6xl" mx="auto" px={{ base: '3', md: '6' }} py="6" data-testid="withdrawn-record" data-record-id={record.id}>
      <Heading as="h1" size="2xl">
        {record.name}
        {record.abbreviation && record.abbreviation !== record.name ? ` (${record.abbreviation})` : ''}
      </Heading>
      <Stack gap="2" mt="4" borderWidth="1px" borderColor="orange.300" bg="orange.50" rounded="md" p="4">
        <Text fontWeight="semibold">This record was withdrawn on {formatLongDate(withdrawn.withdrawnAt)}.</Text>
        <Text data-testid="withdrawal-reason" whiteSpace="pre-wrap">{withdrawn.reason}</Text>
        {withdrawn.successor && (
          <Text>
            It is replaced by{' '}
            <Link asChild color="blue.700" textDecoration="underline">
              <RouterLink to={`/${withdrawn.successor.id}`} data-testid="withdrawal-successor">{withdrawn.successor.name}</RouterLink>
            </Link>
            .
          </Text>
        )}
      </Stack>
      <Stack gap="1" mt="4">
        {record.registry && <Text><Text as="span" fontWeight="medium">Registry:</Text> {record.registry}</Text>}
        {doi && (
          <Text>
            <Text as="span" fontWeight="medium">DOI:</Text> <Link href={`https://doi.org/${doi}`} color="blue.700" textDecoration="underline">{doi}</Link>
          </Text>
        )}
      </Stack>
    </Box>
  );
}
