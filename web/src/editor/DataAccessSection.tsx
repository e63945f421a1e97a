/**
 * Data access: the record's licence links, added (a licence not listed yet is described inline
 * and created with the link) or removed at once through /licence_links; and its access points,
 * kept in `metadata.access_points` and saved with the dataAccess section.
 */
import { Button, Field, Grid, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { LICENCE_RELATIONS, licenceLinkSchema } from '@registry/schemas/forms/linked-entities.ts';
import { linkRelationLabel } from '@registry/schemas/forms/relation-labels.ts';
import { linkApi, type EditableRecord } from './editor-api.ts';
import type { Term } from '../kit/pick-lists.ts';
import { EditSection, SectionMessage } from './EditSection.tsx';
import { countChanges } from './general-information.ts';
import { firstProblem } from './OrganisationsSection.tsx';
import { TermPicker } from '../kit/TermPicker.tsx';
import { useLinkAction, useSectionSave, type RevisionHolder } from './useSectionSave.ts';

interface AccessPoint {
  url: string;
  name: string;
  type: string;
  example_url: string;
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

function accessPointsOf(metadata: Record<string, unknown> | null): AccessPoint[] {
  const list = metadata?.access_points;
  if (!Array.isArray(list)) return [];
  return list
    .filter((item): item is Record<string, unknown> => !!item && typeof item === 'object')
    .map((item) => ({ url: textOf(item.url), name: textOf(item.name), type: textOf(item.type), example_url: textOf(item.example_url) }));
}

/** Empty optional fields are left out rather than stored as empty strings. */
function accessPointPayload(point: AccessPoint): Record<string, string> {
  return Object.fromEntries(Object.entries(point).map(([key, value]) => [key, value.trim()]).filter(([, value]) => value !== ''));
}

function LicenceLinks({ record, holder }: { record: EditableRecord; holder: RevisionHolder }) {
  const [links, setLinks] = useState(record.licenceLinks);
  const { busy, outcome, run } = useLinkAction(record.id, holder, (loaded) => setLinks(loaded.licenceLinks));
  const [licence, setLicence] = useState<Term[]>([]);
  const [relation, setRelation] = useState<string>('undefined');
  const [newName, setNewName] = useState('');
  const [newUrl, setNewUrl] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  const add = async () => {
    const describing = licence.length === 0;
    const link = {
      fairsharing_record_id: Number(record.id),
      relation,
      ...(describing ? { licence_attributes: { name: newName, url: newUrl.trim() || null } } : { licence_id: Number(licence[0]!.id) }),
    };
    const found = firstProblem(licenceLinkSchema, link);
    setProblem(found);
    if (found) return;
    if (await run(() => linkApi.createLicenceLink(link))) {
      setLicence([]);
      setNewName('');
      setNewUrl('');
    }
  };

  return (
    <Stack gap="3">
      <Text fontWeight="semibold">Licences</Text>
      {links.length === 0 && <Text color="fg.muted">No licence linked yet.</Text>}
      {links.map((link) => (
        <HStack key={link.id} justify="space-between" wrap="wrap" borderBottomWidth="1px" pb="2" data-testid="licence-link">
          <Text>
            {link.licence?.name ?? 'a licence'} <Text as="span" color="fg.muted">({linkRelationLabel(link.relation)})</Text>
          </Text>
          <Button size="sm" variant="outline" disabled={busy} aria-label={`Remove ${link.licence?.name ?? 'the licence'}`} onClick={() => void run(() => linkApi.deleteLicenceLink(link.id))}>
            Remove
          </Button>
        </HStack>
      ))}
      <TermPicker list="licences" label="Licence" value={licence} onChange={setLicence} minLength={1} single />
      {licence.length === 0 && (
        <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="2">
          <Field.Root>
            <Field.Label>Or a new licence: name</Field.Label>
            <Input value={newName} onChange={(event) => setNewName(event.target.value)} />
          </Field.Root>
          <Field.Root>
            <Field.Label>New licence URL</Field.Label>
            <Input value={newUrl} placeholder="https://…" onChange={(event) => setNewUrl(event.target.value)} />
          </Field.Root>
        </Grid>
      )}
      <HStack gap="2" wrap="wrap">
        <NativeSelect.Root w="56" maxW="full">
          <NativeSelect.Field aria-label="Licence relation" value={relation} onChange={(event) => setRelation(event.target.value)}>
            {LICENCE_RELATIONS.map((value) => <option key={value} value={value}>{linkRelationLabel(value)}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Button colorPalette="brand" loading={busy} disabled={licence.length === 0 && newName.trim() === ''} onClick={() => void add()} data-testid="add-licence-link">
          Add licence link
        </Button>
      </HStack>
      {problem && <Text color="fg.error" fontSize="sm">{problem}</Text>}
      <SectionMessage id="licences" outcome={outcome} />
    </Stack>
  );
}

export function DataAccessSection({ record, holder, onChanged }: { record: EditableRecord; holder: RevisionHolder; onChanged(changes: number): void }) {
  const initial = useMemo(() => accessPointsOf(record.metadata), [record]);
  const [points, setPoints] = useState(initial);
  const [savedFrom, setSavedFrom] = useState(initial);
  const [problem, setProblem] = useState<string | null>(null);
  const { saving, outcome, save } = useSectionSave(record.id, 'dataAccess', holder);
  const changes = countChanges({ points: savedFrom }, { points });
  useEffect(() => onChanged(changes), [changes, onChanged]);

  const change = (index: number, key: keyof AccessPoint, value: string) => setPoints(points.map((point, at) => (at === index ? { ...point, [key]: value } : point)));
  const onSave = async () => {
    const missing = points.findIndex((point) => !/^https?:\/\/\S+$/i.test(point.url.trim()));
    setProblem(missing >= 0 ? `Access point ${missing + 1} needs a URL (https://…)` : null);
    if (missing >= 0) return;
    if (await save({ metadata: { access_points: points.map(accessPointPayload) } })) setSavedFrom(points);
  };

  return (
    <EditSection id="dataAccess" title="Data access" changes={changes} saving={saving} outcome={outcome} onSave={onSave}>
      <LicenceLinks record={record} holder={holder} />
      <Stack gap="3" borderTopWidth="1px" pt="3">
        <Text fontWeight="semibold">Access points</Text>
        {points.length === 0 && <Text color="fg.muted">No access point yet.</Text>}
        {points.map((point, index) => (
          <Grid key={index} templateColumns={{ base: '1fr', md: '2fr 1fr 1fr 2fr auto' }} gap="2">
            <Input aria-label="Access point URL" placeholder="https://…" value={point.url} onChange={(event) => change(index, 'url', event.target.value)} />
            <Input aria-label="Access point name" placeholder="Name" value={point.name} onChange={(event) => change(index, 'name', event.target.value)} />
            <Input aria-label="Access point type" placeholder="Type (REST, SPARQL…)" value={point.type} onChange={(event) => change(index, 'type', event.target.value)} />
            <Input aria-label="Access point example URL" placeholder="Example URL" value={point.example_url} onChange={(event) => change(index, 'example_url', event.target.value)} />
            <Button variant="outline" onClick={() => setPoints(points.filter((_, at) => at !== index))}>Remove</Button>
          </Grid>
        ))}
        <HStack>
          <Button size="sm" variant="outline" onClick={() => setPoints([...points, { url: '', name: '', type: '', example_url: '' }])}>Add an access point</Button>
        </HStack>
        {problem && <Text color="fg.error" fontSize="sm">{problem}</Text>}
      </Stack>
    </EditSection>
  );
}
