/**
 * The record page: /{id} (numeric, FAIRsharing.xxxx or a legacy id, which is replaced by the
 * numeric path once loaded) and /10.25504/{id}. Read from Postgres through `fairsharingRecord`.
 */
import { Alert, Box, Stack } from '@chakra-ui/react';
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { NotFoundPage } from '../shell/NotFoundPage.tsx';
import { PageLoading } from '../kit/PageLoading.tsx';
import { usePageTitle } from '../shell/usePageTitle.ts';
import { useLatestQuery } from '../kit/useLatestQuery.ts';
import { CollectionMembers } from './CollectionMembers.tsx';
import { DeprecationBanner } from './DeprecationBanner.tsx';
import { GeneralInformation, RecordTitle } from './GeneralInformation.tsx';
import { buildRecordQuery, canonicalRecordPath, DOI_PREFIX, pathToReplace, recordIdForRoute } from './record-id.ts';
import {
  AdditionalInformationSection,
  DataAccessSection,
  KeywordsSection,
  LicencesSection,
  OrganisationsSection,
  PublicationsSection,
  SupportSection,
} from './RecordSections.tsx';
import { CollectionsSection, RelationsSection } from './RecordRelations.tsx';
import type { RegistryRecord } from './record-types.ts';
import { WithdrawnRecord } from './WithdrawnRecord.tsx';
import { RecordViews } from './RecordViews.tsx';
import { RecordActions } from './RecordActions.tsx';
import { LinkedSavedSearches } from '../saved-searches/SavedSearchesList.tsx';
import { useRecordHead } from './useRecordHead.ts';

const NOT_FOUND_MESSAGE = 'record not found';

export function RecordPage() {
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const isDoiRoute = location.pathname.startsWith(`/${DOI_PREFIX}/`);
  const query = useMemo(() => (id ? buildRecordQuery(recordIdForRoute(id, isDoiRoute)) : null), [id, isDoiRoute]);
  const result = useLatestQuery<{ fairsharingRecord: RegistryRecord | null }>(query);
  const record = result.status === 'ready' ? result.data.fairsharingRecord : null;

  usePageTitle(record?.name);
  useRecordHead(record?.schemaOrg, record ? canonicalRecordPath(record.id) : null);

  useEffect(() => {
    if (!record) return;
    const replacement = pathToReplace(id, isDoiRoute, record.id);
    if (replacement) navigate({ pathname: replacement, hash: location.hash }, { replace: true });
  }, [record, id, isDoiRoute, navigate, location.hash]);

  if (result.status === 'loading' || result.status === 'idle') return <PageLoading label="Loading the record…" />;
  const notFound =
    (result.status === 'error' && result.message.toLowerCase().includes(NOT_FOUND_MESSAGE)) || (result.status === 'ready' && !record);
  if (notFound) return <NotFoundPage />;
  if (result.status === 'error' || !record) {
    return (
      <Box maxW="4xl" mx="auto" px="4" py="10">
        <Alert.Root status="error" data-testid="record-error">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>The record could not be loaded</Alert.Title>
            <Alert.Description>{result.status === 'error' ? result.message : ''}</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </Box>
    );
  }
  if (record.withdrawn) return <WithdrawnRecord record={record} withdrawn={record.withdrawn} />;
  return (
    <Box as="article" maxW="6xl" mx="auto" px={{ base: '3', md: '6' }} py="6" data-testid="record-page" data-record-id={record.id}>
      <RecordTitle record={record} />
      <DeprecationBanner record={record} />
      <RecordActions record={record} onChanged={() => window.location.reload()} />
      <RecordViews recordId={record.id} />
      <Stack gap="5" mt="6">
        <GeneralInformation record={record} />
        <KeywordsSection record={record} />
        <CollectionMembers record={record} />
        <SupportSection record={record} />
        <DataAccessSection record={record} />
        <OrganisationsSection record={record} />
        <PublicationsSection record={record} />
        <LicencesSection record={record} />
        <RelationsSection record={record} />
        <CollectionsSection record={record} />
        <AdditionalInformationSection record={record} />
        <LinkedSavedSearches kind="record" id={record.id} />
      </Stack>
    </Box>
  );
}
