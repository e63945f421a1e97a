/** General information: identity, status and its meaning, countries, maintainers, citation, homepage. */
import { Box, Flex, Heading, HStack, Image, Link, Stack, Text } from '@chakra-ui/react';
import { doiExplanation } from '@registry/schemas/curation/doi-rule.ts';
import { REGISTRY_LABELS } from '@registry/schemas/search/facets.ts';
import { Link as RouterLink } from 'react-router';
import { BADGE_STYLES } from '../kit/records/badge-styles.ts';
import { labelOf, RecordBadges } from '../kit/records/RecordBadges.tsx';
import { formatShortDate } from '../kit/format/dates.ts';
import { citedPublications, contacts, deprecationReason, yearOfCreation } from './record-metadata.ts';
import type { RegistryRecord } from './record-types.ts';
import { ExternalLink, Fact, humanise, RecordSection } from './RecordSection.tsx';
import { HomepageUnreachableNote } from './HomepageUnreachableNote.tsx';
import { MarkdownText } from '../kit/markdown/Markdown.tsx';

/** SPEC §4: what each status means to a visitor. */
export const STATUS_MEANINGS: Readonly<Record<string, string>> = {
  ready: 'Ready: suitable for production use.',
  in_development: 'In development: may change.',
  deprecated: 'Deprecated: kept for historical purposes.',
  uncertain: 'Uncertain: the curators lack information about its current state.',
};

function legacyIdList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

export function RecordTitle({ record }: { record: RegistryRecord }) {
  return (
    <Flex gap="4" align="center" wrap="wrap">
      {record.urlForLogo ? (
        <Image src={record.urlForLogo} alt={`${record.name} logo`} maxH="16" maxW="40" objectFit="contain" />
      ) : null}
      <Box>
        <Heading as="h1" size="3xl" data-testid="record-name">
          {record.name}
          {record.abbreviation ? (
            <Text as="span" color="fg.muted" fontWeight="normal">
              {' '}
              ({record.abbreviation})
            </Text>
          ) : null}
        </Heading>
        <HStack gap="2" mt="2" wrap="wrap" css={BADGE_STYLES}>
          <RecordBadges record={record} />
        </HStack>
      </Box>
    </Flex>
  );
}

export function GeneralInformation({ record }: { record: RegistryRecord }) {
  const status = record.status?.toLowerCase() ?? '';
  const year = yearOfCreation(record.metadata);
  const reason = deprecationReason(record.metadata);
  const cited = citedPublications(record.metadata, record.publications ?? []);
  const people = contacts(record.metadata);
  const legacy = legacyIdList(record.legacyIds);
  return (
    <RecordSection id="general-information" title="General information">
      {record.description ? (
        <MarkdownText mb="4" text={record.description} data-testid="record-description" />
      ) : null}
      <Box as="dl">
        {record.doi ? (
          <Fact label="DOI">
            <ExternalLink href={`https://doi.org/${record.doi}`}>{record.doi}</ExternalLink>
          </Fact>
        ) : (
          <Fact label="DOI">
            <Text data-testid="missing-doi">{doiExplanation(record.missingDoiReason) ?? 'No DOI yet.'}</Text>
          </Fact>
        )}
        {record.registry ? <Fact label="Registry">{labelOf(REGISTRY_LABELS, record.registry)}</Fact> : null}
        {record.type ? <Fact label="Type">{humanise(record.type)}</Fact> : null}
        {record.status ? (
          <Fact label="Status">
            <Text data-testid="record-status">{STATUS_MEANINGS[status] ?? humanise(record.status)}</Text>
          </Fact>
        ) : null}
        {reason ? (
          <Fact label="Deprecation reason">
            <Text>{reason}</Text>
          </Fact>
        ) : null}
        {record.homepage ? (
          <Fact label="Homepage">
            <ExternalLink href={record.homepage}>{record.homepage}</ExternalLink>
            <HomepageUnreachableNote recordId={record.id} />
          </Fact>
        ) : null}
        {year ? <Fact label="Year of creation">{year}</Fact> : null}
        {record.countries?.length ? (
          <Fact label="Countries">
            <Stack gap="1" direction="row" wrap="wrap">
              {record.countries.map((country) => (
                <Link asChild key={country.name} color="blue.700" textDecoration="underline">
                  <RouterLink to={`/search?${new URLSearchParams({ countries: country.name })}`}>{country.name}</RouterLink>
                </Link>
              ))}
            </Stack>
          </Fact>
        ) : null}
        {record.maintainers?.length ? (
          <Fact label="Maintainers">
            <Stack gap="1" direction="row" wrap="wrap">
              {record.maintainers.map((maintainer) => (
                <Link asChild key={maintainer.id} color="blue.700" textDecoration="underline">
                  <RouterLink to={`/users/${maintainer.id}`}>{maintainer.username}</RouterLink>
                </Link>
              ))}
            </Stack>
          </Fact>
        ) : null}
        {people.length ? (
          <Fact label="Contacts">
            <Stack gap="1">
              {people.map((person) => (
                <Text key={`${person.name}-${person.email}`}>
                  {person.name}
                  {person.email ? (
                    <>
                      {' '}
                      <ExternalLink href={`mailto:${person.email}`}>{person.email}</ExternalLink>
                    </>
                  ) : null}
                  {person.orcid ? (
                    <>
                      {' '}
                      <ExternalLink href={`https://orcid.org/${person.orcid.replace(/^https?:\/\/orcid.org\//, '')}`}>ORCID</ExternalLink>
                    </>
                  ) : null}
                </Text>
              ))}
            </Stack>
          </Fact>
        ) : null}
        <Fact label="How to cite">
          {cited.length ? (
            <Stack gap="2">
              {cited.map((publication) => (
                <Text key={publication.id}>
                  {publication.authors ? `${publication.authors} ` : ''}
                  {publication.year ? `(${publication.year}) ` : ''}
                  <strong>{publication.title}</strong>
                  {publication.journal ? `. ${publication.journal}` : ''}
                  {publication.doi ? (
                    <>
                      {'. '}
                      <ExternalLink href={`https://doi.org/${publication.doi}`}>doi:{publication.doi}</ExternalLink>
                    </>
                  ) : null}
                </Text>
              ))}
            </Stack>
          ) : (
            <Text>
              {record.name}
              {record.abbreviation ? ` (${record.abbreviation})` : ''}
              {record.doi ? `; DOI: ${record.doi}` : ''}
              {record.updatedAt ? `. Last edited: ${formatShortDate(record.updatedAt)}.` : ''}
            </Text>
          )}
        </Fact>
        {legacy.length ? (
          <Fact label="Legacy identifiers">
            <Stack gap="2" direction="row" wrap="wrap" data-testid="legacy-ids">
              {legacy.map((legacyId) => (
                <Link asChild key={legacyId} color="blue.700" textDecoration="underline">
                  <RouterLink to={`/${encodeURIComponent(legacyId)}`}>{legacyId}</RouterLink>
                </Link>
              ))}
            </Stack>
          </Fact>
        ) : null}
        {record.createdAt ? <Fact label="Created">{formatShortDate(record.createdAt)}</Fact> : null}
        {record.updatedAt ? <Fact label="Last updated">{formatShortDate(record.updatedAt)}</Fact> : null}
        <Fact label="Last reviewed">
          <Text data-testid="last-reviewed">{record.lastReviewed ? formatShortDate(record.lastReviewed) : 'Not reviewed by a curator yet'}</Text>
        </Fact>
      </Box>
    </RecordSection>
  );
}
