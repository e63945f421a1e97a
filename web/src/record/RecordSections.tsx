/** The record page's sections after general information; each renders nothing when it has nothing. */
import { Badge, Box, Link, Stack, Text } from '@chakra-ui/react';
import { linkRelationLabel } from '@registry/schemas/forms/relation-labels.ts';
import { Link as RouterLink } from 'react-router';
import { TermChips, type TermChipGroup } from '../kit/records/TermChips.tsx';
import { BADGE_STYLES } from '../kit/records/badge-styles.ts';
import { browserLinksOf } from '../kit/vocabularies.ts';
import { accessPoints, additionalFields, dataAccessConditions, supportLinksByType } from './record-metadata.ts';
import type { RegistryRecord } from './record-types.ts';
import { ExternalLink, Fact, humanise, RecordSection } from './RecordSection.tsx';

/**
 * A record's terms. A chip of a vocabulary the ontology browser shows opens the browser at that
 * term: its definition, its place among broader and narrower terms, and its records, with a link
 * to the same search the chip opened before. Object types have no browser: their chips search.
 */
export function KeywordsSection({ record }: { record: RegistryRecord }) {
  const allGroups: (TermChipGroup & { title: string })[] = [
    { argument: 'subjects', kind: 'Subject', title: 'Subjects', terms: record.subjects, colorPalette: 'teal' },
    { argument: 'domains', kind: 'Domain', title: 'Domains', terms: record.domains, colorPalette: 'orange' },
    { argument: 'taxonomies', kind: 'Species', title: 'Species', terms: record.taxonomies, colorPalette: 'pink' },
    { argument: 'objectTypes', kind: 'Object type', title: 'Object types', terms: record.objectTypes, colorPalette: 'cyan' },
    { argument: 'userDefinedTags', kind: 'Tag', title: 'User defined tags', terms: record.userDefinedTags, colorPalette: 'gray' },
  ];
  const groups = allGroups
    .filter((group) => (group.terms ?? []).length > 0)
    .map((group) => ({ ...group, linkFor: browserLinksOf(group.argument) }));
  if (groups.length === 0) return null;
  return (
    <RecordSection id="keywords" title="Keywords">
      <Box as="dl" css={BADGE_STYLES}>
        {groups.map((group) => (
          <Fact key={group.argument} label={group.title}>
            <TermChips groups={[group]} />
          </Fact>
        ))}
      </Box>
    </RecordSection>
  );
}

export function SupportSection({ record }: { record: RegistryRecord }) {
  const groups = supportLinksByType(record.metadata);
  if (groups.length === 0) return null;
  return (
    <RecordSection id="support" title="Support">
      <Box as="dl">
        {groups.map((group) => (
          <Fact key={group.type} label={group.type}>
            <Stack gap="1">
              {group.links.map((link) => (
                <ExternalLink key={link.url} href={link.url}>
                  {link.name}
                </ExternalLink>
              ))}
            </Stack>
          </Fact>
        ))}
      </Box>
    </RecordSection>
  );
}

export function DataAccessSection({ record }: { record: RegistryRecord }) {
  const points = accessPoints(record.metadata);
  const conditions = dataAccessConditions(record.metadata);
  if (points.length === 0 && conditions.length === 0) return null;
  return (
    <RecordSection id="data-access" title="Data access">
      <Box as="dl">
        {points.map((point) => (
          <Fact key={point.url} label={`${point.type} access point`}>
            <Stack gap="1">
              <ExternalLink href={point.url}>{point.name || point.url}</ExternalLink>
              {point.exampleUrl ? <ExternalLink href={point.exampleUrl}>Example</ExternalLink> : null}
              {point.documentationUrl ? <ExternalLink href={point.documentationUrl}>Documentation</ExternalLink> : null}
            </Stack>
          </Fact>
        ))}
        {conditions.length ? (
          <Fact label="Data access conditions">
            <Stack gap="1">
              {conditions.map((condition) =>
                condition.url ? (
                  <ExternalLink key={condition.label} href={condition.url}>
                    {humanise(condition.label)}
                  </ExternalLink>
                ) : (
                  <Text key={condition.label}>{humanise(condition.label)}</Text>
                ),
              )}
            </Stack>
          </Fact>
        ) : null}
      </Box>
    </RecordSection>
  );
}

export function OrganisationsSection({ record }: { record: RegistryRecord }) {
  const links = (record.organisationLinks ?? []).filter((link) => link.organisation);
  const grants = record.grants ?? [];
  if (links.length === 0 && grants.length === 0) return null;
  return (
    <RecordSection id="organisations" title="Organisations and grants">
      <Stack as="ul" gap="2" listStyleType="none">
        {links.map((link) => (
          <Box as="li" key={link.id}>
            <Link asChild color="blue.700" textDecoration="underline" fontWeight="medium">
              <RouterLink to={`/organisations/${link.organisation?.id}`}>{link.organisation?.name}</RouterLink>
            </Link>{' '}
            <Text as="span" color="fg.muted">
              {linkRelationLabel(link.relation)}
            </Text>
            {link.isLead ? (
              <Badge ms="2" colorPalette="green" size="sm">
                Lead organisation
              </Badge>
            ) : null}
            {link.grant ? <Text fontSize="sm">Grant: {link.grant.name}</Text> : null}
          </Box>
        ))}
        {grants
          .filter((grant) => !links.some((link) => link.grant?.name === grant.name))
          .map((grant) => (
            <Box as="li" key={grant.name}>
              <Text>Grant: {grant.name}</Text>
            </Box>
          ))}
      </Stack>
    </RecordSection>
  );
}

export function PublicationsSection({ record }: { record: RegistryRecord }) {
  const publications = record.publications ?? [];
  if (publications.length === 0) return null;
  return (
    <RecordSection id="publications" title="Publications">
      <Stack as="ul" gap="3" listStyleType="none">
        {publications.map((publication) => (
          <Box as="li" key={publication.id}>
            <Text fontWeight="medium">{publication.title}</Text>
            {publication.authors ? (
              <Text fontSize="sm" lineClamp={2}>
                {publication.authors}
              </Text>
            ) : null}
            <Text fontSize="sm" color="fg.muted">
              {[publication.journal, publication.year].filter(Boolean).join(', ')}
            </Text>
            <Stack direction="row" gap="3" fontSize="sm" wrap="wrap">
              {publication.doi ? <ExternalLink href={`https://doi.org/${publication.doi}`}>DOI: {publication.doi}</ExternalLink> : null}
              {publication.pubmedId ? (
                <ExternalLink href={`https://pubmed.ncbi.nlm.nih.gov/${publication.pubmedId}`}>PubMed: {publication.pubmedId}</ExternalLink>
              ) : null}
              {publication.url && !publication.doi ? <ExternalLink href={publication.url}>Link</ExternalLink> : null}
            </Stack>
          </Box>
        ))}
      </Stack>
    </RecordSection>
  );
}

export function LicencesSection({ record }: { record: RegistryRecord }) {
  const links = (record.licenceLinks ?? []).filter((link) => link.licence);
  if (links.length === 0) return null;
  return (
    <RecordSection id="licences" title="Licences">
      <Stack as="ul" gap="1" listStyleType="none">
        {links.map((link) => (
          <Box as="li" key={link.id}>
            {link.licence?.url ? <ExternalLink href={link.licence.url}>{link.licence.name}</ExternalLink> : <Text as="span">{link.licence?.name}</Text>}
            <Text as="span" color="fg.muted">
              {' '}
              ({linkRelationLabel(link.relation)})
            </Text>
          </Box>
        ))}
      </Stack>
    </RecordSection>
  );
}

export function AdditionalInformationSection({ record }: { record: RegistryRecord }) {
  const fields = additionalFields(record.metadata);
  if (fields.length === 0) return null;
  return (
    <RecordSection id="additional-information" title="Additional information">
      <Box as="dl">
        {fields.map((field) => (
          <Fact key={field.label} label={field.label}>
            <Stack gap="1">
              {field.values.map((value) => (
                <Text key={value} wordBreak="break-word">
                  {value}
                </Text>
              ))}
            </Stack>
          </Fact>
        ))}
      </Box>
    </RecordSection>
  );
}
