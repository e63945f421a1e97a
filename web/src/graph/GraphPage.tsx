/**
 * /graph/:id, a record's relation graph (SPEC §2): the record, its related records and theirs,
 * two hops deep, from `fairsharingGraph(id) { data }`, laid out with d3-force and drawn in SVG.
 * Nodes are coloured by registry (legend below) and link to the record pages; edges carry the
 * relation name. "record not found" from the API shows the 404 content.
 */
import { Alert, Box, Flex, Heading, Link, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { graphqlString } from '../api/client.ts';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { PageContainer } from '../shell/Layout.tsx';
import { PageLoading } from '../shell/PageLoading.tsx';
import { usePageTitle } from '../shell/usePageTitle.ts';
import { useLatestQuery } from '../search/useLatestQuery.ts';
import {
  layoutGraph,
  OTHER_COLOUR,
  REGISTRY_COLOURS,
  registryColour,
  shortLabel,
  type GraphLayout,
  type RecordGraphAnswer,
} from './graph-layout.ts';

const NOT_FOUND_MESSAGE = 'record not found';

export function GraphPage() {
  const { id = '' } = useParams();
  const query = useMemo(
    () => (id ? `{fairsharingGraph(id:${graphqlString(id)}){data}}` : null),
    [id],
  );
  const result = useLatestQuery<{ fairsharingGraph: { data: RecordGraphAnswer } | null }>(query);
  const answer = result.status === 'ready' ? (result.data.fairsharingGraph?.data ?? null) : null;
  const layout = useMemo(() => (answer ? layoutGraph(answer) : null), [answer]);
  usePageTitle(answer ? `Relation graph: ${answer.name}` : 'Relation graph');

  if (result.status === 'loading' || result.status === 'idle')
    return <PageLoading label="Loading the relation graph…" />;
  if (
    (result.status === 'error' && result.message.toLowerCase().includes(NOT_FOUND_MESSAGE)) ||
    (result.status === 'ready' && !answer)
  ) {
    return <NotFoundPage />;
  }
  if (result.status === 'error' || !answer || !layout) {
    return (
      <PageContainer>
        <Alert.Root status="error" data-testid="graph-error">
          <Alert.Indicator />
          <Alert.Title>
            The relation graph could not be loaded:{' '}
            {result.status === 'error' ? result.message : ''}
          </Alert.Title>
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
      <Text mt="2" color="gray.700">
        {layout.nodes.length} records and {layout.edges.length} relations, up to two steps from this
        record. Select a record to open its page
        {layout.labelAll ? '' : '; hover over a record to see its name'}.
      </Text>
      <Legend layout={layout} />
      <Box mt="4" borderWidth="1px" borderRadius="md" bg="white" overflow="hidden">
        <RelationGraph layout={layout} name={answer.name} />
      </Box>
    </PageContainer>
  );
}

function Legend({ layout }: { layout: GraphLayout }) {
  const present = new Set(layout.nodes.map((node) => node.registry.toLowerCase()));
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

function RelationGraph({ layout, name }: { layout: GraphLayout; name: string }) {
  const navigate = useNavigate();
  return (
    <svg
      viewBox={layout.viewBox.join(' ')}
      width="100%"
      style={{ maxHeight: '75vh', display: 'block' }}
      role="group"
      aria-label={`Relation graph of ${name}`}
      data-testid="relation-graph"
    >
      <defs>
        <marker
          id="graph-arrow"
          viewBox="0 0 10 10"
          refX="10"
          refY="5"
          markerWidth="6"
          markerHeight="6"
          orient="auto-start-reverse"
        >
          <path d="M 0 0 L 10 5 L 0 10 z" fill="#9ca3af" />
        </marker>
      </defs>
      <g data-testid="graph-edges">
        {layout.edges.map((edge) => {
          const dx = edge.target.x - edge.source.x;
          const dy = edge.target.y - edge.source.y;
          const length = Math.hypot(dx, dy) || 1;
          // Stop the line at the target's rim so the arrowhead shows.
          const endX = edge.target.x - (dx / length) * (edge.target.radius + 2);
          const endY = edge.target.y - (dy / length) * (edge.target.radius + 2);
          return (
            <g key={edge.key} data-testid="graph-edge">
              <line
                x1={edge.source.x}
                y1={edge.source.y}
                x2={endX}
                y2={endY}
                stroke="#9ca3af"
                strokeWidth={1.2}
                markerEnd="url(#graph-arrow)"
              />
              {layout.labelAll || edge.source.isRoot || edge.target.isRoot ? (
                <text
                  x={(edge.source.x + edge.target.x) / 2}
                  y={(edge.source.y + edge.target.y) / 2}
                  fontSize={8}
                  fill="#4b5563"
                  textAnchor="middle"
                  paintOrder="stroke"
                  stroke="white"
                  strokeWidth={3}
                >
                  {edge.label.replace(/_/g, ' ')}
                </text>
              ) : null}
            </g>
          );
        })}
      </g>
      <g>
        {layout.nodes.map((node) => (
          <a
            key={node.key}
            href={`/${node.recordId}`}
            // The visible short label opens the accessible name (WCAG label-in-name), the full name follows.
            aria-label={`${shortLabel(node.label)}: ${node.label} (${node.registry})`}
            data-testid="graph-node"
            data-record-id={node.recordId}
            onClick={(event) => {
              if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
              event.preventDefault();
              navigate(`/${node.recordId}`);
            }}
          >
            <title>{node.label}</title>
            <circle
              cx={node.x}
              cy={node.y}
              r={node.radius}
              fill={registryColour(node.registry)}
              stroke={node.isRoot ? '#111827' : 'white'}
              strokeWidth={node.isRoot ? 3 : 1.5}
            />
            {layout.labelAll || node.depth <= 1 ? (
              <text
                x={node.x + node.radius + 3}
                y={node.y + 3}
                fontSize={node.isRoot ? 12 : 10}
                fontWeight={node.isRoot ? 700 : 400}
                fill="#111827"
              >
                {shortLabel(node.label)}
              </text>
            ) : null}
          </a>
        ))}
      </g>
    </svg>
  );
}
