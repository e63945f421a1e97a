/** /organisations/:id: details, alternative names, ROR link, countries and records by relation. */
import { Link as RouterLink, useParams } from 'react-router';
import { Badge, Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { PageContainer } from '../shell/Layout.tsx';
import { PageLoading } from '../kit/PageLoading.tsx';
import { useLoad } from '../kit/useLoad.ts';
import { usePageTitle } from '../shell/usePageTitle.ts';
import { NotFoundPage } from '../shell/NotFoundPage.tsx';
import { LinkedSavedSearches } from '../saved-searches/SavedSearchesList.tsx';
import { linkRelationLabel } from '@registry/schemas/forms/relation-labels.ts';
import { loadOrganisation, organisationTypeNames, type LinkedRecord, type OrganisationDetail } from './organisationQueries.ts';

function recordsByRelation(organisation: OrganisationDetail): Array<[string, LinkedRecord[]]> {
  const groups = new Map<string, LinkedRecord[]>();
  for (const link of organisation.organisationLinks ?? []) {
    if (!link.fairsharingRecord) continue;
    const label = linkRelationLabel(link.relation);
    const list = groups.get(label) ?? [];
    if (!list.some((record) => record.id === link.fairsharingRecord?.id)) list.push(link.fairsharingRecord);
    groups.set(label, list);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

const linkStyle = { color: '#253d73', textDecoration: 'underline' };

export function OrganisationPage() {
  const { id = '' } = useParams();
  const state = useLoad<OrganisationDetail | null>({ key: id, load: (signal) => loadOrganisation(id, signal) });
  usePageTitle(state.status === 'ready' && state.data ? state.data.name : 'Organisation');

  if (state.status === 'loading' || state.status === 'idle') return <PageLoading label="Loading the organisation…" />;
  if (state.status === 'error' && !/not found/i.test(state.message)) {
    return (
      <PageContainer>
        <Text role="alert">This organisation could not be loaded. Please try again.</Text>
      </PageContainer>
    );
  }

  const organisation = state.status === 'ready' ? state.data : null;
  if (!organisation) return <NotFoundPage />;
  const types = organisationTypeNames(organisation.types);
  const groups = recordsByRelation(organisation);

  return (
    <PageContainer>
      <Flex gap="4" align="center" wrap="wrap">
        {organisation.urlForLogo && <img src={organisation.urlForLogo} alt="" style={{ maxHeight: 64 }} />}
        <Heading as="h1" size="3xl" color="brand.800" data-testid="organisation-name">
          {organisation.name}
        </Heading>
      </Flex>
      <Flex gap="2" mt="3" wrap="wrap">
        {types.map((type) => (
          <Badge key={type} colorPalette="brand">
            {type}
          </Badge>
        ))}
      </Flex>
      <Stack as="dl" mt="6" gap="3">
        {organisation.alternativeNames && organisation.alternativeNames.length > 0 && (
          <Box>
            <Text as="dt" fontWeight="semibold">Alternative names</Text>
            <Text as="dd">{organisation.alternativeNames.join(', ')}</Text>
          </Box>
        )}
        {organisation.homepage && (
          <Box>
            <Text as="dt" fontWeight="semibold">Homepage</Text>
            <Text as="dd"><a href={organisation.homepage} style={linkStyle}>{organisation.homepage}</a></Text>
          </Box>
        )}
        {organisation.rorLink && (
          <Box>
            <Text as="dt" fontWeight="semibold">ROR</Text>
            <Text as="dd"><a href={organisation.rorLink} style={linkStyle}>{organisation.rorLink}</a></Text>
          </Box>
        )}
        {organisation.countries && organisation.countries.length > 0 && (
          <Box>
            <Text as="dt" fontWeight="semibold">Countries</Text>
            <Text as="dd">{organisation.countries.map((country) => country.name).join(', ')}</Text>
          </Box>
        )}
        {organisation.parentOrganisations && organisation.parentOrganisations.length > 0 && (
          <Box>
            <Text as="dt" fontWeight="semibold">Part of</Text>
            <Text as="dd">
              {organisation.parentOrganisations.map((parent, index) => (
                <span key={parent.id}>
                  {index > 0 && ', '}
                  <RouterLink to={`/organisations/${parent.id}`} style={linkStyle}>{parent.name}</RouterLink>
                </span>
              ))}
            </Text>
          </Box>
        )}
        {organisation.childOrganisations && organisation.childOrganisations.length > 0 && (
          <Box>
            <Text as="dt" fontWeight="semibold">Includes</Text>
            <Text as="dd">
              {organisation.childOrganisations.map((child, index) => (
                <span key={child.id}>
                  {index > 0 && ', '}
                  <RouterLink to={`/organisations/${child.id}`} style={linkStyle}>{child.name}</RouterLink>
                </span>
              ))}
            </Text>
          </Box>
        )}
      </Stack>

      <Heading as="h2" size="xl" color="brand.700" mt="10" mb="4">
        Records
      </Heading>
      {groups.length === 0 && <Text>No record is linked to this organisation yet.</Text>}
      <Stack gap="6">
        {groups.map(([relation, records]) => (
          <Box as="section" key={relation} aria-label={relation}>
            <Heading as="h3" size="md" mb="2">
              {relation} ({records.length})
            </Heading>
            <Stack as="ul" gap="1" pl="5" listStyleType="disc">
              {records.map((record) => (
                <li key={record.id}>
                  <RouterLink to={`/${record.id}`} style={linkStyle}>
                    {record.name}
                    {record.abbreviation ? ` (${record.abbreviation})` : ''}
                  </RouterLink>
                  {record.registry && (
                    <Text as="span" color="gray.700" fontSize="sm">
                      {' '}· {record.registry}
                      {record.type ? `, ${record.type.replace(/_/g, ' ')}` : ''}
                    </Text>
                  )}
                </li>
              ))}
            </Stack>
          </Box>
        ))}
      </Stack>
      <Box mt="10">
        <LinkedSavedSearches kind="organisation" id={organisation.id} />
      </Box>
    </PageContainer>
  );
}
