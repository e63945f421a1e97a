/**
 * /create and /create-fairassist (SPEC §2): choose a record type, check for duplicates (name,
 * abbreviation, homepage), then fill in the general information. A curator's record is
 * approved at once; anyone else's awaits a curator, which the answer says.
 */
import { Alert, Button, Field, Heading, HStack, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Formik } from 'formik';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { viewerInSiteMode } from '@registry/schemas/access/viewer.ts';
import { useViewer } from '../state/sessionViewer.ts';
import { WriteControl, WritesOffNotice } from '../shell/WritesOff.tsx';
import { failureText } from '../api/client.ts';
import { recordTypeLabel } from '../kit/records/record-type-label.ts';
import { PageLoading } from '../kit/PageLoading.tsx';
import { useLoad } from '../kit/useLoad.ts';
import { createRecord, duplicateCandidates, loadRecordTypes, type DuplicateCandidate, type RecordType } from './editor-api.ts';
import { GeneralInformationFields } from './GeneralInformationFields.tsx';
import { generalFieldRights, generalInitialValues, generalPayload, validateGeneral, type GeneralValues } from './general-information.ts';

type Step = 'type' | 'duplicates' | 'details';

/** What the duplicate check compares, each a labelled field (a placeholder alone vanishes as one types). */
const IDENTITY_FIELDS = [
  { key: 'name', label: 'Name', hint: 'e.g. Gene Ontology' },
  { key: 'abbreviation', label: 'Abbreviation', hint: 'e.g. GO' },
  { key: 'homepage', label: 'Homepage', hint: 'https://' },
] as const;

export function CreateRecordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const viewer = useViewer();
  // Rights as they are once writes are on: in read-only mode only the final Create is disabled.
  const rights = useMemo(() => generalFieldRights(viewerInSiteMode(viewer, false)), [viewer]);
  const fairassist = location.pathname === '/create-fairassist';
  const typesLoad = useLoad<RecordType[]>({ key: 'record-types', load: () => loadRecordTypes() });
  const recordTypes = typesLoad.status === 'ready' ? typesLoad.data : null;
  const [step, setStep] = useState<Step>('type');
  const [typeId, setTypeId] = useState('');
  const [identity, setIdentity] = useState({ name: '', abbreviation: '', homepage: '' });
  const [duplicates, setDuplicates] = useState<DuplicateCandidate[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // /create-fairassist starts with the FAIRassist type chosen.
  useEffect(() => {
    const preset = fairassist ? recordTypes?.find((type) => type.name === 'fairassist') : undefined;
    if (preset) {
      setTypeId(preset.id);
      setStep('duplicates');
    }
  }, [recordTypes, fairassist]);

  const byRegistry = useMemo(() => {
    const groups = new Map<string, RecordType[]>();
    for (const type of recordTypes ?? []) {
      const registry = type.fairsharingRegistry?.name ?? 'Other';
      groups.set(registry, [...(groups.get(registry) ?? []), type]);
    }
    return [...groups];
  }, [recordTypes]);

  if (!recordTypes) return typesLoad.status === 'error' ? <Text p="8">The record types could not be loaded.</Text> : <PageLoading label="Loading…" />;
  const chosenType = recordTypes.find((type) => type.id === typeId);

  return (
    <Stack maxW="4xl" mx="auto" px={{ base: '3', md: '6' }} py="8" gap="6">
      <Heading as="h1" size="xl">Add a record</Heading>
      <WritesOffNotice what="Adding a record" />
      {step === 'type' && (
        <Stack gap="4" data-testid="type-chooser">
          <Text>What are you describing?</Text>
          {byRegistry.map(([registry, types]) => (
            <Stack key={registry} as="section" gap="2" aria-label={registry}>
              <Text fontWeight="semibold">{registry}</Text>
              <SimpleGrid columns={{ base: 1, md: 2 }} gap="2">
                {types.map((type) => (
                  <Button
                    key={type.id}
                    variant="outline"
                    h="auto"
                    py="2"
                    whiteSpace="normal"
                    textAlign="start"
                    justifyContent="start"
                    onClick={() => { setTypeId(type.id); setStep('duplicates'); }}
                    data-testid={`record-type-${type.name}`}
                  >
                    <Stack gap="0.5" align="start">
                      <Text fontWeight="semibold">{recordTypeLabel(type.name)}</Text>
                      {type.description && <Text fontSize="sm" fontWeight="normal" color="fg.muted">{type.description}</Text>}
                    </Stack>
                  </Button>
                ))}
              </SimpleGrid>
            </Stack>
          ))}
        </Stack>
      )}
      {step === 'duplicates' && (
        <Stack gap="3" data-testid="duplicate-check">
          <Text>
            New {recordTypeLabel(chosenType?.name).toLowerCase()} record. First, check it is not in the registry already.
          </Text>
          {IDENTITY_FIELDS.map(({ key, label, hint }) => (
            <Field.Root key={key}>
              <Field.Label>{label}</Field.Label>
              <Input name={key} placeholder={hint} value={identity[key]} onChange={(event) => setIdentity({ ...identity, [key]: event.target.value })} />
            </Field.Root>
          ))}
          <HStack>
            <Button disabled={!identity.name.trim()} onClick={async () => setDuplicates(await duplicateCandidates([identity.name, identity.abbreviation, identity.homepage]))}>
              Check for duplicates
            </Button>
            <Button variant="ghost" onClick={() => setStep('type')}>Back</Button>
          </HStack>
          {duplicates && duplicates.length === 0 && <Text data-testid="no-duplicates">No record has this name, abbreviation or homepage.</Text>}
          {duplicates && duplicates.length > 0 && (
            <Alert.Root status="warning" data-testid="duplicates">
              <Alert.Indicator />
              <Alert.Content>
                <Alert.Title>These records may be the same:</Alert.Title>
                <Stack gap="1" mt="1">
                  {duplicates.map((duplicate) => (
                    <Link key={duplicate.id} asChild>
                      <RouterLink to={`/${duplicate.id}`}>{duplicate.name}{duplicate.abbreviation ? ` (${duplicate.abbreviation})` : ''}</RouterLink>
                    </Link>
                  ))}
                </Stack>
                <Text mt="2">You can still go on: curators will see that it may be a duplicate.</Text>
              </Alert.Content>
            </Alert.Root>
          )}
          {duplicates && (
            <Button alignSelf="start" colorPalette="brand" onClick={() => setStep('details')}>
              Continue
            </Button>
          )}
        </Stack>
      )}
      {step === 'details' && (
        <Formik<GeneralValues>
          initialValues={{ ...generalInitialValues(null, recordTypes), record_type_id: typeId, metadata: { ...generalInitialValues(null, recordTypes).metadata, ...identity } }}
          validate={(values) => validateGeneral(values, rights, recordTypes.find((type) => type.id === values.record_type_id)?.fairsharingRegistry?.name)}
          onSubmit={async (values) => {
            setFailure(null);
            try {
              const answer = await createRecord(generalPayload(values, rights));
              navigate(`/${answer.data.id}`, { state: { message: answer.message } });
            } catch (error) {
              setFailure(failureText(error, 'The record could not be created.'));
            }
          }}
        >
          {(form) => (
            // noValidate: the schema's messages beside each field say what is missing, not the browser's popup.
            <form noValidate aria-label="New record" onSubmit={(event) => { event.preventDefault(); void form.submitForm(); }}>
              <Stack gap="4">
                <GeneralInformationFields form={form} recordTypes={recordTypes} rights={rights} editing={false} currentLogo={null} />
                {failure && (
                  <Alert.Root status="error" data-testid="create-error">
                    <Alert.Indicator />
                    <Alert.Title>{failure}</Alert.Title>
                  </Alert.Root>
                )}
                <HStack>
                  <WriteControl>
                    <Button type="submit" colorPalette="brand" loading={form.isSubmitting} data-testid="create-record">Create the record</Button>
                  </WriteControl>
                  <Button variant="ghost" onClick={() => setStep('duplicates')}>Back</Button>
                </HStack>
              </Stack>
            </form>
          )}
        </Formik>
      )}
    </Stack>
  );
}
