/**
 * /graph/:id, a record's relation graph (SPEC §2): the record at the centre, its related records
 * (depth 1, the default) or theirs too (depth 2), from `fairsharingGraph(id) { data }`, laid out
 * with d3-force and drawn on a canvas with zoom and pan (GraphCanvas). Filters by registry,
 * relation type and status; the same relations as a table for screen readers and small screens.
 * Depth and filters are in the URL. "record not found" from the API shows the 404 content.
 */
import { Alert, Box, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as RouterLink, useNavigate, useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '../shell/NotFoundPage.tsx';
import { PageContainer } from '../shell/Layout.tsx';
import { PageLoading } from '../kit/PageLoading.tsx';
import { usePageTitle } from '../shell/usePageTitle.ts';
import { useLatestQuery } from '../kit/useLatestQuery.ts';
import { GraphCanvas } from './GraphCanvas.tsx';
import { GraphFilterControls, readGraphFilters } from './GraphFilterControls.tsx';
import { OTHER_COLOUR, REGISTRY_COLOURS, layoutGraph } from './graph-layout.ts';
import { readRecordGraph } from './graph-answer.ts';
import { answerAtDepth, visibleGraph, type VisibleGraph } from './graph-view.ts';
import { RelationsTable } from './RelationsTable.tsx';
import { relationGraphQuery } from './graph-query.ts';
import type { RelationGraphQuery } from './graph-query.generated.ts';

const NOT_FOUND_MESSAGE = 'record not found';

export function GraphPage() {
  const { id = '' } = useParams();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const query = useMemo(() => (id ? relationGraphQuery(id) : null), [id]);
  const result = useLatestQuery<RelationGraphQuery>(query);
  const answer = useMemo(() => (result.status === 'ready' ? readRecordGraph(result.data.fairsharingGraph.data) : null), [result]);
  const filters = useMemo(() => readGraphFilters(params), [params]);
  const layout = useMemo(() => (answer ? layoutGraph(answerAtDepth(answer, filters.depth)) : null), [answer, filters.depth]);
  const shown = useMemo(() => (layout ? visibleGraph(layout.nodes, layout.edges, filters) : null), [layout, filters]);
  usePageTitle(answer ? `Relation graph: ${answer.name}` : 'Relation graph');

  if (result.status === 'loading' || result.status === 'idle') return <PageLoading label="Loading the relation graph…" />;
  if ((result.status === 'error' && result.message.toLowerCase().includes(NOT_FOUND_MESSAGE)) || (result.status === 'ready' && !answer)) {
    return <NotFoundPage />;
  }
  if (result.status === 'error' || !answer || !layout || !shown) {
    return (
      <PageContainer>
        <Alert.Root status="error" data-testid="graph-error">
          <Alert.Indicator />
          <Alert.Title>The relation graph could not be loaded: {result.status === 'error' ? result.message : ''}</Alert.Title>
        </Alert.Root>
      </PageContainer>
    );
  }
  return (
    <PageContainer wide>
      <Heading as="h1" size="2xl" color="brand.800">
        Relation graph of{' '}
        <Link asChild color="brand.700">
          <RouterLink to={`/${answer.id}`}>{answer.name}</RouterLink>
        </Link>
      </Heading>
      <Text mt="2" color="gray.700" data-testid="graph-summary">
        {shown.nodes.length} records and {shown.edges.length} relations, up to {filters.depth === 1 ? 'one step' : 'two steps'} from this record.
        Select a record to open its page.
      </Text>
      <GraphFilterControls answer={answer} filters={filters} params={params} onChange={(next) => setParams(next, { replace: true })} />
      <Legend graph={shown} />
      <Box mt="3">
        <GraphCanvas graph={shown} name={answer.name} onOpen={(recordId) => navigate(`/${recordId}`)} />
      </Box>
      <RelationsTable graph={shown} />
    </PageContainer>
  );
}

function Legend({ graph }: { graph: VisibleGraph }) {
  const present = new Set(graph.nodes.map((node) => node.registry.toLowerCase()));
  const entries = Object.entries(REGISTRY_COLOURS).filter(([registry]) => present.has(registry));
  const hasOther = [...present].some((registry) => !(registry in REGISTRY_COLOURS));
  return (
    <Flex
      as="ul"
      mt="4"
      gap="4"
      wrap="wrap"
      listStyleType="none"
      p="0"
      aria-label="Legend: node colour by registry"
      data-testid="graph-legend"
    >
      {[...entries, ...(hasOther ? [['other', OTHER_COLOUR] as const] : [])].map(
        ([registry, colour]) => (
          <Flex as="li" key={registry} align="center" gap="2">
            <Box
              as="span"
              aria-hidden="true"
              w="3.5"
              h="3.5"
              borderRadius="full"
              bg={colour}
              display="inline-block"
            />
            <Text as="span" textTransform="capitalize">
              {registry}
            </Text>
          </Flex>
        ),
      )}
      <Flex as="li" align="center" gap="2">
        <Box
          as="span"
          aria-hidden="true"
          w="4"
          h="4"
          borderRadius="full"
          borderWidth="3px"
          borderColor="gray.900"
          display="inline-block"
        />
        <Text as="span">this record</Text>
      </Flex>
    </Flex>
  );
}
