/**
 * /{id}/edit (SPEC §2): the record's sections, each with its change count, its own save and its
 * own message. Every save carries the revision the page holds, so a save over someone else's
 * newer change is refused with who changed it and when. Leaving with unsaved changes asks first.
 * The forms render only for someone the access module lets edit the record; while the site is
 * read-only they stay in place, disabled, under the reason.
 */
import { Alert, Box, Button, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import { Formik } from 'formik';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useBlocker, useParams } from 'react-router';
import { can } from '@registry/schemas/access/policy.ts';
import { viewerInSiteMode } from '@registry/schemas/access/viewer.ts';
import { useViewer } from '../state/sessionViewer.ts';
import { useWritesOff, WritesOffNotice } from '../shell/WritesOff.tsx';
import { PageLoading } from '../kit/PageLoading.tsx';
import { latestData, useLoad } from '../kit/useLoad.ts';
import { usePageTitle } from '../shell/usePageTitle.ts';
import { AdditionalInformationSection } from './AdditionalInformationSection.tsx';
import { DataAccessSection } from './DataAccessSection.tsx';
import { editAccessResource, loadRecordForEdit, loadRecordTypes, type EditableRecord, type RecordRevision, type RecordType } from './editor-api.ts';
import { EditSection } from './EditSection.tsx';
import { GeneralInformationFields } from './GeneralInformationFields.tsx';
import {
  countChanges, generalFieldRights, generalInitialValues, generalPayload, validateGeneral, type GeneralFieldRights, type GeneralValues,
} from './general-information.ts';
import { OrganisationsSection } from './OrganisationsSection.tsx';
import { PublicationsSection } from './PublicationsSection.tsx';
import { RelationsSection } from './RelationsSection.tsx';
import { SupportSection } from './SupportSection.tsx';
import { useSectionSave, type RevisionHolder } from './useSectionSave.ts';

const LEAVE_WARNING = 'You have unsaved changes. Leave this page and lose them?';

function GeneralInformationSection({ record, recordTypes, rights, holder, onChanged }: {
  record: EditableRecord;
  recordTypes: RecordType[];
  rights: GeneralFieldRights;
  holder: RevisionHolder;
  onChanged(changes: number): void;
}) {
  const initialValues = useMemo(() => generalInitialValues(record, recordTypes), [record, recordTypes]);
  const [savedFrom, setSavedFrom] = useState(() => generalPayload(initialValues, rights));
  const { saving, outcome, save } = useSectionSave(record.id, 'generalInformation', holder);
  const registry = (values: GeneralValues) => recordTypes.find((type) => type.id === values.record_type_id)?.fairsharingRegistry?.name;
  return (
    <Formik<GeneralValues>
      initialValues={initialValues}
      validate={(values) => validateGeneral(values, rights, registry(values))}
      onSubmit={async (values) => {
        const payload = generalPayload(values, rights);
        if (await save(payload)) setSavedFrom(generalPayload({ ...values, logo: undefined }, rights));
      }}
    >
      {(form) => {
        const changes = countChanges(savedFrom, generalPayload(form.values, rights));
        return (
          <ChangeReporter changes={changes} onChanged={onChanged}>
            <EditSection id="generalInformation" title="General information" changes={changes} saving={saving} outcome={outcome} onSave={() => void form.submitForm()}>
              <GeneralInformationFields form={form} recordTypes={recordTypes} rights={rights} editing currentLogo={record.urlForLogo} recordId={record.id} />
            </EditSection>
          </ChangeReporter>
        );
      }}
    </Formik>
  );
}

function ChangeReporter({ changes, onChanged, children }: { changes: number; onChanged(changes: number): void; children: React.ReactNode }) {
  useEffect(() => onChanged(changes), [changes, onChanged]);
  return <>{children}</>;
}

const NOTHING_LOADED: [null, RecordType[]] = [null, []];

export function EditRecordPage() {
  const { id = '' } = useParams();
  const viewer = useViewer();
  const writesOff = useWritesOff();
  // Rights as they are once writes are on: read-only mode disables the forms, it does not remove them.
  const rights = useMemo(() => generalFieldRights(viewerInSiteMode(viewer, false)), [viewer]);
  const [version, setVersion] = useState(0);
  const loaded = useLoad<[EditableRecord | null, RecordType[]]>({ key: `${id}:${version}`, load: () => Promise.all([loadRecordForEdit(id), loadRecordTypes()]) });
  const [record, recordTypes] = latestData(loaded) ?? NOTHING_LOADED;
  const failure =
    loaded.status === 'error'
      ? loaded.error instanceof Error ? loaded.error.message : 'The record could not be loaded.'
      : loaded.status === 'ready' && !record ? 'record not found' : null;
  // The revision a save of this page moved the record to (a reload brings the server's).
  const [saved, setSaved] = useState<{ of: EditableRecord; revision: RecordRevision } | null>(null);
  const [changesBySection, setChangesBySection] = useState<Record<string, number>>({});
  usePageTitle(record ? `Edit ${record.name}` : 'Edit record');

  const reporters = useMemo(() => {
    const reporter = (section: string) => (changes: number) =>
      setChangesBySection((current) => (current[section] === changes ? current : { ...current, [section]: changes }));
    return { general: reporter('general'), support: reporter('support'), dataAccess: reporter('dataAccess'), additional: reporter('additional'), relations: reporter('relations') };
  }, []);
  const unsaved = Object.values(changesBySection).some((changes) => changes > 0);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsaved && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    if (window.confirm(LEAVE_WARNING)) blocker.proceed();
    else blocker.reset();
  }, [blocker]);
  useEffect(() => {
    if (!unsaved) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);

  if (failure) {
    return (
      <Box maxW="4xl" mx="auto" px="4" py="10">
        <Alert.Root status="error">
          <Alert.Indicator />
          <Alert.Title>{failure === 'record not found' ? 'This record does not exist, or you may not see it.' : failure}</Alert.Title>
        </Alert.Root>
      </Box>
    );
  }
  if (!record) return <PageLoading label="Loading the record…" />;
  if (!can(viewerInSiteMode(viewer, false), 'record.edit', editAccessResource(record))) {
    return (
      <Stack maxW="4xl" mx="auto" px="4" py="10" gap="4">
        <Alert.Root status="warning" data-testid="may-not-edit">
          <Alert.Indicator />
          <Alert.Title>You cannot edit {record.name}: only its maintainers and the curators can. To maintain it, claim it on its page.</Alert.Title>
        </Alert.Root>
        <Button asChild variant="outline" alignSelf="start">
          <RouterLink to={`/${record.id}`}>View the record</RouterLink>
        </Button>
      </Stack>
    );
  }
  const holder: RevisionHolder = {
    revision: saved?.of === record ? saved.revision : record.revision,
    setRevision: (revision) => setSaved({ of: record, revision }),
  };

  return (
    <Stack maxW="5xl" mx="auto" px={{ base: '3', md: '6' }} py="8" gap="6">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Heading as="h1" size="xl">Edit {record.name}</Heading>
        <Button asChild variant="outline">
          <RouterLink to={`/${record.id}`}>View the record</RouterLink>
        </Button>
      </HStack>
      {!record.isApproved && (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>This record awaits approval by a curator: only you and curators see it until then.</Alert.Title>
        </Alert.Root>
      )}
      <WritesOffNotice what="Editing a record" />
      <Text color="fg.muted">Each section saves on its own. Licences, publications, organisations and relations are saved at once, link by link.</Text>
      {/* A disabled fieldset disables every field and button of every section at once, keeping what was typed. */}
      <Stack asChild gap="6" minW="0">
        <fieldset disabled={writesOff !== null} title={writesOff ?? undefined} data-testid="editor-sections">
          <GeneralInformationSection record={record} recordTypes={recordTypes} rights={rights} holder={holder} onChanged={reporters.general} />
          <SupportSection record={record} holder={holder} onChanged={reporters.support} />
          <DataAccessSection record={record} holder={holder} onChanged={reporters.dataAccess} />
          <PublicationsSection record={record} holder={holder} />
          <OrganisationsSection record={record} holder={holder} />
          <AdditionalInformationSection record={record} holder={holder} onChanged={reporters.additional} />
          <RelationsSection record={record} holder={holder} onChanged={reporters.relations} onSaved={() => setVersion((value) => value + 1)} />
        </fieldset>
      </Stack>
    </Stack>
  );
}

