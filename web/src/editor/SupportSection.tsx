/** Support section: contacts (name, e-mail, ORCID) and support links, checked by the shared schema. */
import { Button, Grid, HStack, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useEffect, useMemo, useState } from 'react';
import { ValidationError } from 'yup';
import { supportSchema } from '@registry/schemas/forms/record-sections.ts';
import type { EditableRecord } from './editor-api.ts';
import { EditSection } from './EditSection.tsx';
import { countChanges } from './general-information.ts';
import { useSectionSave, type RevisionHolder } from './useSectionSave.ts';

interface Contact {
  contact_name: string;
  contact_email: string;
  contact_orcid: string;
}
interface SupportLink {
  url: string;
  name: string;
  type: string;
}

/** SPEC §3 support link types. */
const LINK_TYPES = ['Other', 'Help documentation', 'FAQs', 'Training documentation', 'Wikipedia', 'Blog/News', 'Github', 'Contact form', 'Forum', 'Twitter', 'Facebook', 'Video', 'Support email', 'Mailing list'];

function listOf<T>(value: unknown, shape: (item: Record<string, unknown>) => T): T[] {
  return Array.isArray(value) ? value.filter((item) => item && typeof item === 'object').map((item) => shape(item as Record<string, unknown>)) : [];
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

export function SupportSection({ record, holder, onChanged }: { record: EditableRecord; holder: RevisionHolder; onChanged(changes: number): void }) {
  const initial = useMemo(() => ({
    contacts: listOf(record.metadata?.contacts, (item): Contact => ({ contact_name: textOf(item.contact_name), contact_email: textOf(item.contact_email), contact_orcid: textOf(item.contact_orcid) })),
    support_links: listOf(record.metadata?.support_links, (item): SupportLink => ({ url: textOf(item.url), name: textOf(item.name), type: textOf(item.type) || 'Other' })),
  }), [record]);
  const [value, setValue] = useState(initial);
  const [savedFrom, setSavedFrom] = useState(initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const { saving, outcome, save } = useSectionSave(record.id, 'support', holder);
  const changes = countChanges(savedFrom, value);
  useEffect(() => onChanged(changes), [changes, onChanged]);

  const update = (next: typeof value) => setValue(next);
  const onSave = async () => {
    const payload = { metadata: value };
    try {
      supportSchema.validateSync(payload, { abortEarly: false });
      setErrors({});
    } catch (error) {
      if (error instanceof ValidationError) {
        setErrors(Object.fromEntries(error.inner.map((item) => [item.path ?? '', item.message])));
        return;
      }
      throw error;
    }
    if (await save(payload)) setSavedFrom(value);
  };

  return (
    <EditSection id="support" title="Support" changes={changes} saving={saving} outcome={outcome} onSave={onSave}>
      <Stack gap="3">
        <Text fontWeight="semibold">Contacts</Text>
        {value.contacts.length === 0 && <Text color="fg.muted">No contact yet.</Text>}
        {value.contacts.map((contact, index) => (
          <Grid key={index} templateColumns={{ base: '1fr', md: '1fr 1fr 1fr auto' }} gap="2">
            {(['contact_name', 'contact_email', 'contact_orcid'] as const).map((key) => (
              <Stack key={key} gap="0.5">
                <Input
                  aria-label={{ contact_name: 'Contact name', contact_email: 'Contact e-mail', contact_orcid: 'Contact ORCID' }[key]}
                  placeholder={{ contact_name: 'Name', contact_email: 'E-mail', contact_orcid: 'ORCID (0000-0000-0000-0000)' }[key]}
                  value={contact[key]}
                  onChange={(event) => update({ ...value, contacts: value.contacts.map((item, at) => (at === index ? { ...item, [key]: event.target.value } : item)) })}
                />
                {errors[`metadata.contacts[${index}].${key}`] && <Text color="fg.error" fontSize="sm">{errors[`metadata.contacts[${index}].${key}`]}</Text>}
              </Stack>
            ))}
            <Button variant="outline" onClick={() => update({ ...value, contacts: value.contacts.filter((_, at) => at !== index) })}>Remove</Button>
          </Grid>
        ))}
        <HStack>
          <Button size="sm" variant="outline" onClick={() => update({ ...value, contacts: [...value.contacts, { contact_name: '', contact_email: '', contact_orcid: '' }] })}>
            Add a contact
          </Button>
        </HStack>
        <Text fontWeight="semibold" mt="2">Support links</Text>
        {value.support_links.length === 0 && <Text color="fg.muted">No support link yet.</Text>}
        {value.support_links.map((link, index) => (
          <Grid key={index} templateColumns={{ base: '1fr', md: '2fr 1fr 1fr auto' }} gap="2">
            <Stack gap="0.5">
              <Input aria-label="Link URL or e-mail" placeholder="https://… or an e-mail" value={link.url} onChange={(event) => update({ ...value, support_links: value.support_links.map((item, at) => (at === index ? { ...item, url: event.target.value } : item)) })} />
              {errors[`metadata.support_links[${index}].url`] && <Text color="fg.error" fontSize="sm">{errors[`metadata.support_links[${index}].url`]}</Text>}
            </Stack>
            <Input aria-label="Link name" placeholder="Name" value={link.name} onChange={(event) => update({ ...value, support_links: value.support_links.map((item, at) => (at === index ? { ...item, name: event.target.value } : item)) })} />
            <NativeSelect.Root>
              <NativeSelect.Field aria-label="Link type" value={link.type} onChange={(event) => update({ ...value, support_links: value.support_links.map((item, at) => (at === index ? { ...item, type: event.target.value } : item)) })}>
                {LINK_TYPES.map((type) => <option key={type} value={type}>{type}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Button variant="outline" onClick={() => update({ ...value, support_links: value.support_links.filter((_, at) => at !== index) })}>Remove</Button>
          </Grid>
        ))}
        <HStack>
          <Button size="sm" variant="outline" onClick={() => update({ ...value, support_links: [...value.support_links, { url: '', name: '', type: 'Other' }] })}>
            Add a support link
          </Button>
        </HStack>
      </Stack>
    </EditSection>
  );
}
