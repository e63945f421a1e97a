/**
 * /browse/:id, the ontology browser (SPEC §2): the subject term tree and a sunburst side by side,
 * and the records of the selected term below, 50 per page by default. The URL holds the state:
 * `?term=<id or label>&page=&perPage=`. Only the subject ontology has a tree in the API
 * (`browseSubjects`); any other :id gets a message pointing to /browse/subject.
 */
import { Alert, Box, Grid, Heading, Link, Text } from '@chakra-ui/react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { PageContainer } from '../shell/Layout.tsx';
import { PageLoading } from '../shell/PageLoading.tsx';
import { usePageTitle } from '../shell/usePageTitle.ts';
import { useLatestQuery } from '../search/useLatestQuery.ts';
import { browseSearchParams, parseBrowseState, pathToTerm, placeKey, type BrowseState, type SubjectTreeNode } from './subject-tree.ts';
import { Sunburst } from './Sunburst.tsx';
import { TermRecords } from './TermRecords.tsx';
import { TermTree } from './TermTree.tsx';

const BROWSABLE = 'subject';
const SUBJECTS_QUERY = '{browseSubjects{data}}';

/** The place keys of a term's ancestors, so the tree opens down to it. */
function ancestorKeys(path: readonly SubjectTreeNode[]): string[] {
  return path.slice(0, -1).map((node, index) => placeKey(path.slice(0, index).map((ancestor) => ancestor.id), node.id));
}

export function BrowsePage() {
  const { id = '' } = useParams();
  usePageTitle('Ontology browser');
  if (id !== BROWSABLE) {
    return (
      <PageContainer>
        <Heading as="h1" size="2xl" color="brand.800">
          Ontology browser
        </Heading>
        <Alert.Root status="info" mt="6" data-testid="browse-unsupported">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Only the subject ontology can be browsed</Alert.Title>
            <Alert.Description>
              There is no browsable tree for “{id}”.{' '}
              <Link asChild color="brand.700" textDecoration="underline">
                <RouterLink to="/browse/subject">Browse the subject ontology</RouterLink>
              </Link>
              .
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
      </PageContainer>
    );
  }
  return <SubjectBrowser />;
}

function SubjectBrowser() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => parseBrowseState(searchParams), [searchParams]);
  const result = useLatestQuery<{ browseSubjects: { data: SubjectTreeNode[] } }>(SUBJECTS_QUERY);
  const roots = useMemo(() => (result.status === 'ready' ? (result.data.browseSubjects.data ?? []) : []), [result]);
  const path = useMemo(() => pathToTerm(roots, state.term), [roots, state.term]);
  const selected = path.at(-1) ?? null;
  const [expanded, setExpanded] = useState<Set<string>>(new Set());

  // Open the tree down to a term that arrives through the URL (a link, back/forward).
  useEffect(() => {
    const keys = ancestorKeys(path);
    if (keys.length === 0) return;
    setExpanded((current) => (keys.every((key) => current.has(key)) ? current : new Set([...current, ...keys])));
  }, [path]);

  const update = useCallback(
    (change: Partial<BrowseState>) => setSearchParams(browseSearchParams({ ...state, ...change })),
    [setSearchParams, state],
  );
  const select = useCallback((node: SubjectTreeNode) => update({ term: String(node.id), page: 1 }), [update]);

  return (
    <PageContainer wide>
      <Heading as="h1" size="2xl" color="brand.800">
        Subject ontology browser
      </Heading>
      <Text mt="2" color="gray.700">
        Browse the records by subject. Select a term in the tree or the sunburst to list its records; counts include narrower terms.
      </Text>
      {result.status === 'error' ? (
        <Alert.Root status="error" mt="6">
          <Alert.Indicator />
          <Alert.Title>The subject tree could not be loaded: {result.message}</Alert.Title>
        </Alert.Root>
      ) : null}
      {result.status === 'loading' || result.status === 'idle' ? <PageLoading label="Loading the subject tree…" /> : null}
      {result.status === 'ready' ? (
        <>
          <Grid mt="6" gap="6" templateColumns={{ base: '1fr', lg: 'minmax(0, 2fr) minmax(0, 3fr)' }} alignItems="start">
            <Box borderWidth="1px" borderRadius="md" p="2" maxH="32rem" overflowY="auto">
              <TermTree roots={roots} expanded={expanded} onExpandedChange={setExpanded} selectedId={selected?.id ?? null} onSelect={select} />
            </Box>
            <Sunburst roots={roots} selectedId={selected?.id ?? null} onSelect={select} />
          </Grid>
          <Box mt="8">
            {selected ? (
              <TermRecords
                term={selected}
                page={state.page}
                perPage={state.perPage}
                onPage={(page) => update({ page })}
                onPerPage={(perPage) => update({ perPage, page: 1 })}
              />
            ) : state.term ? (
              <Text data-testid="browse-unknown-term">No subject term matches “{state.term}”.</Text>
            ) : (
              <Text color="gray.700">Select a term to see its records.</Text>
            )}
          </Box>
        </>
      ) : null}
    </PageContainer>
  );
}
