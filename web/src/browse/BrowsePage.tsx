/**
 * /browse/:id, the ontology browser (SPEC §2) for every vocabulary: subject and domain as a term
 * tree with a sunburst, taxonomy (species) and userdefinedtag (tags) as lists; a search box over
 * names and synonyms; the selected term's details; its records below, 50 per page by default,
 * optionally with those of narrower terms. The URL holds the state:
 * `?term=<id or label>&narrower=true&page=&perPage=`, so a term can be linked to.
 */
import { Alert, Box, Grid, Heading, Link, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { PageContainer } from '../shell/Layout.tsx';
import { PageLoading } from '../kit/PageLoading.tsx';
import { usePageTitle } from '../shell/usePageTitle.ts';
import { useLatestQuery } from '../kit/useLatestQuery.ts';
import { browseSearchParams, parentsOf, parseBrowseState, pathToTerm, placeKey, type BrowseState, type TermNode } from './subject-tree.ts';
import { Sunburst } from './Sunburst.tsx';
import { TermDetails } from './TermDetails.tsx';
import { TermRecords } from './TermRecords.tsx';
import { TermSearch } from './TermSearch.tsx';
import { TermTree } from './TermTree.tsx';
import { BROWSABLE_VOCABULARIES, vocabularyById, type BrowsableVocabulary } from '../kit/vocabularies.ts';
import { browseVocabularyRequest, readVocabularyTree } from './browse-query.ts';
import type { BrowseVocabularyQuery } from './browse-query.generated.ts';

/** The place keys of a term's ancestors, so the tree opens down to it. */
function ancestorKeys(path: readonly TermNode[]): string[] {
  return path.slice(0, -1).map((node, index) => placeKey(path.slice(0, index).map((ancestor) => ancestor.id), node.id));
}

function VocabularyLinks() {
  return (
    <Text mt="2">
      Browse:{' '}
      {BROWSABLE_VOCABULARIES.map((vocabulary, index) => (
        <span key={vocabulary.id}>
          {index ? ', ' : ''}
          <Link asChild color="brand.700" textDecoration="underline">
            <RouterLink to={`/browse/${vocabulary.id}`}>{vocabulary.title}</RouterLink>
          </Link>
        </span>
      ))}
    </Text>
  );
}

export function BrowsePage() {
  const { id = '' } = useParams();
  const vocabulary = vocabularyById(id);
  usePageTitle(vocabulary ? `Browse ${vocabulary.title.toLowerCase()}` : 'Ontology browser');
  if (!vocabulary) {
    return (
      <PageContainer>
        <Heading as="h1" size="2xl" color="brand.800">
          Ontology browser
        </Heading>
        <Alert.Root status="info" mt="6" data-testid="browse-unsupported">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>There is no vocabulary “{id}”</Alert.Title>
            <Alert.Description>
              <VocabularyLinks />
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </PageContainer>
    );
  }
  return <VocabularyBrowser key={vocabulary.id} vocabulary={vocabulary} />;
}

function VocabularyBrowser({ vocabulary }: { vocabulary: BrowsableVocabulary }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseBrowseState(searchParams), [searchParams]);
  const result = useLatestQuery<BrowseVocabularyQuery>(browseVocabularyRequest(vocabulary.id));
  const roots = useMemo(() => (result.status === 'ready' ? readVocabularyTree(result.data.browseVocabulary.data) : []), [result]);
  const path = useMemo(() => pathToTerm(roots, state.term), [roots, state.term]);
  const selected = path.at(-1) ?? null;
  const parents = useMemo(() => (selected ? parentsOf(roots, selected.id) : []), [roots, selected]);
  const [expanded, setExpanded] = useState<Set<string>>(new Set());

  // Open the tree down to a term that arrives through the URL (a link, the search box, back/forward).
  useEffect(() => {
    const keys = ancestorKeys(path);
    if (keys.length === 0) return;
    setExpanded((current) => (keys.every((key) => current.has(key)) ? current : new Set([...current, ...keys])));
  }, [path]);

  const update = useCallback((change: Partial<BrowseState>) => setSearchParams(browseSearchParams({ ...state, ...change })), [setSearchParams, state]);
  const select = useCallback((node: TermNode) => update({ term: String(node.id), page: 1 }), [update]);

  return (
    <PageContainer wide>
      <Heading as="h1" size="2xl" color="brand.800">
        Browse {vocabulary.title.toLowerCase()}
      </Heading>
      <Text mt="2" color="gray.700">
        {vocabulary.intro} Select a term to see its details and records.
        {vocabulary.isTree ? ' Counts in the tree include narrower terms.' : ''}
      </Text>
      <VocabularyLinks />
      {result.status === 'error' ? (
        <Alert.Root status="error" mt="6">
          <Alert.Indicator />
          <Alert.Title>The {vocabulary.terms} could not be loaded: {result.message}</Alert.Title>
        </Alert.Root>
      ) : null}
      {result.status === 'loading' || result.status === 'idle' ? <PageLoading label={`Loading the ${vocabulary.terms}…`} /> : null}
      {result.status === 'ready' ? (
        <>
          <Grid mt="6" gap="6" templateColumns={{ base: '1fr', lg: vocabulary.isTree ? 'minmax(0, 2fr) minmax(0, 3fr)' : 'minmax(0, 2fr) minmax(0, 3fr)' }} alignItems="start">
            <Box>
              <TermSearch roots={roots} terms={vocabulary.terms} onSelect={select} />
              <Box mt="3" borderWidth="1px" borderRadius="md" p="2" maxH="32rem" overflowY="auto">
                <TermTree
                  roots={roots}
                  expanded={expanded}
                  onExpandedChange={setExpanded}
                  selectedId={selected?.id ?? null}
                  onSelect={select}
                  label={`${vocabulary.terms.charAt(0).toUpperCase()}${vocabulary.terms.slice(1)}`}
                />
              </Box>
            </Box>
            {selected ? (
              <TermDetails term={selected} parents={parents} onSelect={select} />
            ) : vocabulary.isTree ? (
              <Sunburst roots={roots} selectedId={null} onSelect={select} label={vocabulary.terms} />
            ) : (
              <Text color="gray.700">Select a term to see its details and records.</Text>
            )}
          </Grid>
          {selected && vocabulary.isTree ? (
            <Box mt="6">
              <Sunburst roots={roots} selectedId={selected.id} onSelect={select} label={vocabulary.terms} />
            </Box>
          ) : null}
          <Box mt="8">
            {selected ? (
              <TermRecords
                term={selected}
                searchArgument={vocabulary.searchArgument}
                narrower={state.narrower}
                page={state.page}
                perPage={state.perPage}
                onNarrower={(narrower) => update({ narrower, page: 1 })}
                onPage={(page) => update({ page })}
                onPerPage={(perPage) => update({ perPage, page: 1 })}
              />
            ) : state.term ? (
              <Text data-testid="browse-unknown-term">No term matches “{state.term}”.</Text>
            ) : null}
          </Box>
        </>
      ) : null}
    </PageContainer>
  );
}
