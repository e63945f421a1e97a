/**
 * /create and /create-fairassist (SPEC §2): choose a record type, check for duplicates (name,
 * abbreviation, homepage), then fill in the general information. A curator's record is
 * approved at once; anyone else's awaits a curator, which the answer says.
 */
import { Alert, Box, Button, Heading, HStack, Input, Link, Stack, Text } from '@chakra-ui/react';
import { Formik } from 'formik';
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useViewer } from '../app/sessionViewer.ts';
import { failureText } from '../api/client.ts';
import { PageLoading } from '../shell/PageLoading.tsx';
import { createRecord, duplicateCandidates, loadRecordTypes, type RecordType } from './editor-api.ts';
import { GeneralInformationFields, generalFieldRights, generalInitialValues, generalPayload, validateGeneral, type GeneralValues } from './GeneralInformationFields.tsx';

type Step = 'type' | 'duplicates' | 'details';

export function CreateRecordPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const viewer = useViewer();
  const rights = useMemo(() => generalFieldRights(viewer), [viewer]);
  const fairassist = location.pathname === '/create-fairassist';
  const [recordTypes, setRecordTypes] = useState<RecordType[] | null>(null);
  const [step, setStep] = useState<Step>('type');
  const [typeId, setTypeId] = useState('');
  const [identity, setIdentity] = useState({ name: '', abbreviation: '', homepage: '' });
  const [duplicates, setDuplicates] = useState<{ id: string; name: string; abbreviation: string | null; homepage: string | null }[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    loadRecordTypes().then((types) => {
      setRecordTypes(types);
      const preset = fairassist ? types.find((type) => type.name === 'fairassist') : undefined;
      if (preset) {
        setTypeId(preset.id);
        setStep('duplicates');
      }
    }, () => setFailure('The record types could not be loaded.'));
  }, [fairassist]);

  const byRegistry = useMemo(() => {
    const groups = new Map<string, RecordType[]>();
    for (const type of recordTypes ?? []) {
      const registry = type.fairsharingRegistry?.name ?? 'Other';
      groups.set(registry, [...(groups.get(registry) ?? []), type]);
    }
    return [...groups];
  }, [recordTypes]);

  if (!recordTypes) return failure ? <Text p="8">{failure}</Text> : <PageLoading label="Loading…" />;
  const chosenType = recordTypes.find((type) => type.id === typeId);

  return (
    <Stack maxW="4xl" mx="auto" px={{ base: '3', md: '6' }} py="8" gap="6">
      <Heading as="h1" size="xl">Add a record</Heading>
      {step === 'type' && (
        <Stack gap="4" data-testid="type-chooser">
          <Text>What are you describing?</Text>
          {byRegistry.map(([registry, types]) => (
            <Box key={registry}>
              <Text fontWeight="semibold" mb="2">{registry}</Text>
              <HStack wrap="wrap" gap="2">
                {types.map((type) => (
                  <Button key={type.id} variant="outline" onClick={() => { setTypeId(type.id); setStep('duplicates'); }}>
                    {type.name.replace(/_/g, ' ')}
                  </Button>
                ))}
              </HStack>
            </Box>
          ))}
        </Stack>
      )}
      {step === 'duplicates' && (
        <Stack gap="3" data-testid="duplicate-check">
          <Text>
            New {chosenType?.name.replace(/_/g, ' ')}. First, check it is not in the registry already.
          </Text>
          {(['name', 'abbreviation', 'homepage'] as const).map((key) => (
            <Input key={key} aria-label={key[0]!.toUpperCase() + key.slice(1)} placeholder={key[0]!.toUpperCase() + key.slice(1)} value={identity[key]} onChange={(event) => setIdentity({ ...identity, [key]: event.target.value })} />
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
            <Button alignSelf="start" colorPalette="blue" onClick={() => setStep('details')}>
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
            <Stack as="form" gap="4" onSubmit={(event: React.FormEvent) => { event.preventDefault(); void form.submitForm(); }}>
              <GeneralInformationFields form={form} recordTypes={recordTypes} rights={rights} editing={false} currentLogo={null} />
              {failure && (
                <Alert.Root status="error" data-testid="create-error">
                  <Alert.Indicator />
                  <Alert.Title>{failure}</Alert.Title>
                </Alert.Root>
              )}
              <HStack>
                <Button type="submit" colorPalette="blue" loading={form.isSubmitting} data-testid="create-record">Create the record</Button>
                <Button variant="ghost" onClick={() => setStep('duplicates')}>Back</Button>
              </HStack>
            </Stack>
          )}
        </Formik>
      )}
    </Stack>
  );
}
