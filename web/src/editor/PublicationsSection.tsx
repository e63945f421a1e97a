/**
 * Publications: the record's linked publications (a citation is flagged), unlinked or flagged at
 * once; a new one is looked up by DOI or PubMed id (/publications/lookup) or in Zenodo by DOI (POST /zenodo), its fields reviewed,
 * created (POST /publications) and linked by saving the publications section with the ids.
 */
import { Button, Checkbox, Field, Grid, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { publicationSchema } from '@registry/schemas/forms/linked-entities.ts';
import { failureText } from '../api/client.ts';
import { linkApi, lookUpPublication, lookUpZenodoRecord, saveSection, type EditableRecord, type FoundPublication, type LinkedPublication } from './editor-api.ts';
import { EditSection } from './EditSection.tsx';
import { firstProblem } from './OrganisationsSection.tsx';
import { useLinkAction, type RevisionHolder } from './useSectionSave.ts';

interface Draft {
  title: string;
  doi: string;
  pubmed_id: string;
  authors: string;
  journal: string;
  year: string;
  url: string;
}

const DRAFT_FIELDS: { key: keyof Draft; label: string }[] = [
  { key: 'title', label: 'Title' },
  { key: 'authors', label: 'Authors' },
  { key: 'journal', label: 'Journal' },
  { key: 'year', label: 'Year' },
  { key: 'doi', label: 'DOI' },
  { key: 'pubmed_id', label: 'PubMed id' },
  { key: 'url', label: 'URL' },
];

function draftOf(found: FoundPublication): Draft {
  return {
    title: found.title,
    doi: found.doi ?? '',
    pubmed_id: found.pubmed_id ?? '',
    authors: found.authors ?? '',
    journal: found.journal ?? '',
    year: found.year ? String(found.year) : '',
    url: found.url ?? '',
  };
}

function publicationPayload(draft: Draft): Record<string, unknown> {
  const optional = (value: string) => value.trim() || null;
  return {
    title: draft.title,
    doi: optional(draft.doi),
    pubmed_id: optional(draft.pubmed_id),
    authors: optional(draft.authors),
    journal: optional(draft.journal),
    url: optional(draft.url),
    year: draft.year.trim() ? Number(draft.year) : null,
  };
}

/** Citations as the record page reads them: `metadata.citations` entries naming a publication id. */
function citedIds(metadata: Record<string, unknown> | null): Set<string> {
  const list = Array.isArray(metadata?.citations) ? (metadata.citations as unknown[]) : [];
  return new Set(list.flatMap((item) => (item && typeof item === 'object' && 'publication_id' in item ? [String((item as { publication_id: unknown }).publication_id)] : [])));
}

const isDoi = (text: string) => /^(https?:\/\/(dx\.)?doi\.org\/)?10\./i.test(text.trim());

export function PublicationsSection({ record, holder }: { record: EditableRecord; holder: RevisionHolder }) {
  const [publications, setPublications] = useState<LinkedPublication[]>(record.publications);
  const [citations, setCitations] = useState(() => citedIds(record.metadata));
  const { busy, outcome, run, setOutcome } = useLinkAction(record.id, holder, (loaded) => setPublications(loaded.publications));
  const [identifier, setIdentifier] = useState('');
  const [looking, setLooking] = useState(false);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [asCitation, setAsCitation] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  /** Saves the whole list of links: every id, the flagged ones as citations. */
  const saveLinks = (ids: string[], cited: Set<string>) =>
    run(() => saveSection(record.id, 'publications', {
      publication_ids: ids.filter((id) => !cited.has(id)).map(Number),
      citation_ids: ids.filter((id) => cited.has(id)).map(Number),
    }, holder.revision));

  /** Crossref or NCBI by the identifier's kind, or Zenodo when asked (a DOI only). */
  const lookUp = async (inZenodo = false) => {
    const text = identifier.trim();
    if (!text) return;
    setLooking(true);
    setProblem(null);
    try {
      setDraft(draftOf(await (inZenodo ? lookUpZenodoRecord(text) : lookUpPublication(isDoi(text) ? { doi: text } : { pubmed_id: text }))));
    } catch (error) {
      setProblem(failureText(error, 'The look-up failed; try again or fill in the fields.'));
    } finally {
      setLooking(false);
    }
  };

  const createAndLink = async () => {
    if (!draft) return;
    const publication = publicationPayload(draft);
    const found = firstProblem(publicationSchema, publication);
    setProblem(found);
    if (found) return;
    setOutcome(null);
    const created: { id?: string } = {};
    const ok = await run(async () => {
      created.id = String((await linkApi.createPublication(record.id, publication)).id);
    }, 'Publication created.');
    if (!ok || !created.id) return;
    const cited = new Set(citations);
    if (asCitation) cited.add(created.id);
    if (await saveLinks([...publications.map((item) => item.id), created.id], cited)) {
      setCitations(cited);
      setDraft(null);
      setIdentifier('');
      setAsCitation(false);
    }
  };

  return (
    <EditSection id="publications" title="Publications" changes={0} saving={busy} outcome={outcome}>
      <Stack gap="2">
        {publications.length === 0 && <Text color="fg.muted">No publication linked yet.</Text>}
        {publications.map((publication) => (
          <HStack key={publication.id} justify="space-between" wrap="wrap" gap="2" borderBottomWidth="1px" pb="2" data-testid="linked-publication">
            <Stack gap="0" flex="1" minW="60">
              <Text fontWeight="medium">{publication.title}</Text>
              <Text color="fg.muted" fontSize="sm">
                {[publication.journal, publication.year, publication.doi && `doi:${publication.doi}`, publication.pubmedId && `PubMed ${publication.pubmedId}`].filter(Boolean).join(' · ')}
              </Text>
            </Stack>
            <HStack gap="2">
              <Checkbox.Root
                checked={citations.has(publication.id)}
                disabled={busy}
                onCheckedChange={(details) => {
                  const cited = new Set(citations);
                  if (details.checked === true) cited.add(publication.id);
                  else cited.delete(publication.id);
                  void saveLinks(publications.map((item) => item.id), cited).then((ok) => ok && setCitations(cited));
                }}
              >
                <Checkbox.HiddenInput />
                <Checkbox.Control />
                <Checkbox.Label>Cite this record with it</Checkbox.Label>
              </Checkbox.Root>
              <Button
                size="sm"
                variant="outline"
                disabled={busy}
                aria-label={`Unlink ${publication.title}`}
                onClick={() => void saveLinks(publications.filter((item) => item.id !== publication.id).map((item) => item.id), citations)}
              >
                Unlink
              </Button>
            </HStack>
          </HStack>
        ))}
      </Stack>
      <Stack gap="3" borderTopWidth="1px" pt="3">
        <Text fontWeight="semibold">Add a publication</Text>
        <HStack gap="2" align="end" wrap="wrap">
          <Field.Root maxW="md">
            <Field.Label>DOI or PubMed id</Field.Label>
            <Input
              value={identifier}
              placeholder="10.1093/nar/gkz1001 or 31665513"
              onChange={(event) => setIdentifier(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') void lookUp();
              }}
            />
          </Field.Root>
          <Button variant="outline" loading={looking} disabled={!identifier.trim()} onClick={() => void lookUp()}>Look up</Button>
          <Button variant="outline" loading={looking} disabled={!isDoi(identifier.trim())} onClick={() => void lookUp(true)}>Find in Zenodo</Button>
          <Button variant="ghost" onClick={() => setDraft(draftOf({ title: '' }))}>Fill in by hand</Button>
        </HStack>
        {draft && (
          <Stack gap="2" borderWidth="1px" borderRadius="md" p="3" data-testid="publication-draft">
            <Text color="fg.muted" fontSize="sm">Check the fields before saving.</Text>
            <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="2">
              {DRAFT_FIELDS.map(({ key, label }) => (
                <Field.Root key={key} required={key === 'title'} gridColumn={key === 'title' || key === 'authors' ? { md: 'span 2' } : undefined}>
                  <Field.Label>Publication {label.toLowerCase()}{key === 'title' && <Field.RequiredIndicator />}</Field.Label>
                  <Input value={draft[key]} onChange={(event) => setDraft({ ...draft, [key]: event.target.value })} />
                </Field.Root>
              ))}
            </Grid>
            <Checkbox.Root checked={asCitation} onCheckedChange={(details) => setAsCitation(details.checked === true)}>
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>Cite this record with it</Checkbox.Label>
            </Checkbox.Root>
            <HStack gap="2">
              <Button colorPalette="brand" loading={busy} onClick={() => void createAndLink()} data-testid="add-publication">Save and link the publication</Button>
              <Button variant="ghost" onClick={() => setDraft(null)}>Cancel</Button>
            </HStack>
          </Stack>
        )}
        {problem && <Text color="fg.error" fontSize="sm" data-testid="publication-problem">{problem}</Text>}
      </Stack>
    </EditSection>
  );
}
