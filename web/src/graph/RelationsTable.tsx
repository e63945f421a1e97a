/**
 * The relations the graph shows, as a table: what screen readers and small screens read instead
 * of the drawing. A collection has hundreds: the first hundred show, the rest on request.
 */
import { Box, Button, Heading, Link, Table } from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import type { LaidOutNode } from './graph-layout.ts';
import type { VisibleGraph } from './graph-view.ts';

function RecordLink({ node }: { node: LaidOutNode }) {
  return (
    <>
      <Link asChild color="brand.700" textDecoration="underline" fontWeight={node.isRoot ? 'bold' : undefined}>
        <RouterLink to={`/${node.recordId}`}>{node.label}</RouterLink>
      </Link>{' '}
      <Box as="span" color="gray.700" fontSize="sm">
        ({node.registry || 'record'})
      </Box>
    </>
  );
}

const FIRST_ROWS = 100;

export function RelationsTable({ graph }: { graph: VisibleGraph }) {
  const [showAll, setShowAll] = useState(false);
  // The record's own relations first, then by the related records' names.
  const edges = [...graph.edges].sort(
    (a, b) => Number(b.source.isRoot || b.target.isRoot) - Number(a.source.isRoot || a.target.isRoot) || a.source.label.localeCompare(b.source.label),
  );
  return (
    <Box as="section" mt="6" aria-labelledby="relations-table-heading">
      <Heading as="h2" size="lg" color="brand.800" mb="2" id="relations-table-heading">
        Relations ({edges.length})
      </Heading>
      <Box overflowX="auto">
        <Table.Root size="sm" data-testid="relations-table">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Record</Table.ColumnHeader>
              <Table.ColumnHeader>Relation</Table.ColumnHeader>
              <Table.ColumnHeader>Related record</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {(showAll ? edges : edges.slice(0, FIRST_ROWS)).map((edge) => (
              <Table.Row key={edge.key}>
                <Table.Cell>
                  <RecordLink node={edge.source} />
                </Table.Cell>
                <Table.Cell>{edge.label.replace(/_/g, ' ')}</Table.Cell>
                <Table.Cell>
                  <RecordLink node={edge.target} />
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
      {!showAll && edges.length > FIRST_ROWS ? (
        <Button mt="3" size="sm" variant="outline" onClick={() => setShowAll(true)}>
          Show all {edges.length} relations
        </Button>
      ) : null}
    </Box>
  );
}
