/**
 * Organisations: the record's organisation links (relation, lead flag, grant), each added,
 * changed or removed at once through /organisation_links. An organisation or a grant not listed
 * yet is created inline first. A grant goes only with the relation "funds" (shared schema).
 */
import { Box, Button, Checkbox, Field, Grid, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ValidationError, type AnyObject, type ObjectSchema } from 'yup';
import { grantSchema, ORGANISATION_RELATIONS, organisationSchema } from '@registry/schemas/forms/linked-entities.ts';
import { linkRelationLabel } from '@registry/schemas/forms/relation-labels.ts';
import { linkApi, type EditableRecord, type OrganisationLink } from './editor-api.ts';
import type { Term } from '../kit/pick-lists.ts';
import { EditSection } from './EditSection.tsx';
import { TermPicker } from '../kit/TermPicker.tsx';
import { useLinkAction, type RevisionHolder } from './useSectionSave.ts';

/** The first message of a shared schema's check, or null when the value passes. */
export function firstProblem<T extends AnyObject>(schema: ObjectSchema<T>, value: unknown): string | null {
  try {
    schema.validateSync(value);
    return null;
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
}

function RelationSelect({ label, value, onChange }: { label: string; value: string; onChange(value: string): void }) {
  return (
    <NativeSelect.Root w="56" maxW="full">
      <NativeSelect.Field aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
        {ORGANISATION_RELATIONS.map((relation) => <option key={relation} value={relation}>{linkRelationLabel(relation)}</option>)}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

function NewOrganisationForm({ recordId, typedName, onCreated, run }: {
  recordId: string;
  /** What was typed in the organisation search: the name to start from. */
  typedName: string;
  onCreated(organisation: Term): void;
  run(action: () => Promise<unknown>, success: string): Promise<boolean>;
}) {
  const [name, setName] = useState(typedName.trim());
  const [homepage, setHomepage] = useState('');
  const [rorLink, setRorLink] = useState('');
  const [types, setTypes] = useState<Term[]>([]);
  const [countries, setCountries] = useState<Term[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const create = async () => {
    const organisation = {
      name,
      homepage: homepage.trim() || null,
      ror_link: rorLink.trim() || null,
      organisation_type_ids: types.map((type) => Number(type.id)),
      country_ids: countries.map((country) => Number(country.id)),
    };
    const found = firstProblem(organisationSchema, organisation);
    setProblem(found);
    if (found) return;
    const answer: { created?: Term } = {};
    await run(async () => {
      const created = await linkApi.createOrganisation(recordId, organisation);
      answer.created = { id: created.id, label: created.name };
    }, `Organisation ${name.trim()} created: choose its relation and add the link.`);
    if (answer.created) onCreated(answer.created);
  };
  return (
    <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" data-testid="new-organisation">
      <Text fontWeight="semibold">New organisation</Text>
      <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="2">
        <Field.Root required>
          <Field.Label>Organisation name<Field.RequiredIndicator /></Field.Label>
          <Input value={name} onChange={(event) => setName(event.target.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>Organisation homepage</Field.Label>
          <Input value={homepage} placeholder="https://…" onChange={(event) => setHomepage(event.target.value)} />
        </Field.Root>
        <Field.Root>
          <Field.Label>ROR link</Field.Label>
          <Input value={rorLink} placeholder="https://ror.org/02catss52" onChange={(event) => setRorLink(event.target.value)} />
        </Field.Root>
      </Grid>
      <TermPicker list="organisationTypes" label="Organisation types" value={types} onChange={setTypes} />
      <TermPicker list="countries" label="Organisation countries" value={countries} onChange={setCountries} minLength={1} />
      {problem && <Text color="fg.error" fontSize="sm">{problem}</Text>}
      <HStack>
        <Button size="sm" onClick={() => void create()}>Create organisation</Button>
      </HStack>
    </Stack>
  );
}

function NewGrantForm({ recordId, onCreated, run }: { recordId: string; onCreated(grant: Term): void; run(action: () => Promise<unknown>, success: string): Promise<boolean> }) {
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = async () => {
    const found = firstProblem(grantSchema, { name });
    setProblem(found);
    if (found) return;
    const answer: { created?: Term } = {};
    await run(async () => {
      const created = await linkApi.createGrant(recordId, { name });
      answer.created = { id: created.id, label: created.name };
    }, `Grant ${name.trim()} created.`);
    if (answer.created) {
      onCreated(answer.created);
      setName('');
    }
  };
  return (
    <HStack gap="2" align="end" wrap="wrap">
      <Field.Root maxW="md">
        <Field.Label>New grant name</Field.Label>
        <Input value={name} onChange={(event) => setName(event.target.value)} />
      </Field.Root>
      <Button size="sm" variant="outline" onClick={() => void create()}>Create grant</Button>
      {problem && <Text color="fg.error" fontSize="sm">{problem}</Text>}
    </HStack>
  );
}

function LinkRow({ link, busy, onChange, onRemove }: { link: OrganisationLink; busy: boolean; onChange(change: Record<string, unknown>): void; onRemove(): void }) {
  const name = link.organisation?.name ?? 'an organisation';
  return (
    <Stack gap="1" borderBottomWidth="1px" pb="2" data-testid="organisation-link">
      <HStack justify="space-between" wrap="wrap" gap="2">
        <Text fontWeight="medium">
          {name}
          {link.grant && <Text as="span" color="fg.muted"> · grant {link.grant.name}</Text>}
        </Text>
        <HStack gap="2" wrap="wrap">
          <RelationSelect
            label={`Relation of ${name}`}
            value={link.relation}
            // A grant stays only with "funds".
            onChange={(relation) => onChange(relation === 'funds' ? { relation } : { relation, grant_id: null })}
          />
          <Checkbox.Root checked={link.isLead} disabled={busy} onCheckedChange={(details) => onChange({ is_lead: details.checked === true })}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Lead</Checkbox.Label>
          </Checkbox.Root>
          <Button size="sm" variant="outline" disabled={busy} onClick={onRemove} aria-label={`Remove ${name}`}>Remove</Button>
        </HStack>
      </HStack>
    </Stack>
  );
}

export function OrganisationsSection({ record, holder }: { record: EditableRecord; holder: RevisionHolder }) {
  const [links, setLinks] = useState(record.organisationLinks);
  const { busy, outcome, run } = useLinkAction(record.id, holder, (loaded) => setLinks(loaded.organisationLinks));
  const [organisation, setOrganisation] = useState<Term[]>([]);
  const [relation, setRelation] = useState<string>('maintains');
  const [isLead, setIsLead] = useState(false);
  const [grant, setGrant] = useState<Term[]>([]);
  const [creating, setCreating] = useState(false);
  const [typedName, setTypedName] = useState('');

  const add = async () => {
    const chosen = organisation[0];
    if (!chosen) return;
    const added = await run(() => linkApi.createOrganisationLink({
      fairsharing_record_id: Number(record.id),
      organisation_id: Number(chosen.id),
      relation,
      is_lead: isLead,
      grant_id: relation === 'funds' && grant[0] ? Number(grant[0].id) : null,
    }));
    if (added) {
      setOrganisation([]);
      setGrant([]);
      setIsLead(false);
    }
  };

  return (
    <EditSection id="organisations" title="Organisations" changes={0} saving={busy} outcome={outcome}>
      <Stack gap="2">
        {links.length === 0 && <Text color="fg.muted">No organisation linked yet.</Text>}
        {links.map((link) => (
          <LinkRow
            key={link.id}
            link={link}
            busy={busy}
            onChange={(change) => void run(() => linkApi.updateOrganisationLink(link.id, change))}
            onRemove={() => void run(() => linkApi.deleteOrganisationLink(link.id))}
          />
        ))}
      </Stack>
      <Stack gap="3" borderTopWidth="1px" pt="3">
        <Text fontWeight="semibold">Add an organisation</Text>
        <TermPicker list="organisations" label="Organisation" value={organisation} onChange={setOrganisation} onTextChange={setTypedName} minLength={2} single />
        <HStack>
          <Button size="sm" variant="ghost" onClick={() => setCreating(!creating)} aria-expanded={creating}>
            {creating ? 'Close the new organisation form' : 'The organisation is not listed: create it'}
          </Button>
        </HStack>
        {creating && (
          <NewOrganisationForm
            recordId={record.id}
            typedName={typedName}
            run={run}
            onCreated={(created) => {
              setOrganisation([created]);
              setCreating(false);
            }}
          />
        )}
        <HStack gap="3" wrap="wrap">
          <RelationSelect label="Relation" value={relation} onChange={setRelation} />
          <Checkbox.Root checked={isLead} onCheckedChange={(details) => setIsLead(details.checked === true)}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Lead organisation</Checkbox.Label>
          </Checkbox.Root>
        </HStack>
        {relation === 'funds' ? (
          <Box>
            <TermPicker list="grants" label="Grant" value={grant} onChange={setGrant} minLength={2} single />
            <NewGrantForm recordId={record.id} run={run} onCreated={(created) => setGrant([created])} />
          </Box>
        ) : (
          <Text color="fg.muted" fontSize="sm">A grant can be added with the relation “funds”.</Text>
        )}
        <HStack>
          <Button colorPalette="brand" disabled={organisation.length === 0} loading={busy} onClick={() => void add()} data-testid="add-organisation-link">
            Add organisation link
          </Button>
        </HStack>
      </Stack>
    </EditSection>
  );
}
