/**
 * One chart with its alternatives: a table of the same figures (for screen readers, small
 * screens and copy-paste; its rows link to the same searches) and a CSV download.
 */
import { Box, Button, HStack, Heading, Link, Table, Text } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { saveFile } from '../api/client.ts';
import { chartCsv } from './statistics-charts.ts';

export interface TableRow {
  label: string;
  count: number;
  href?: string;
}

export function ChartCard(props: {
  id: string;
  title: string;
  /** Heading of the label column in the table and the CSV. */
  labelHeading: string;
  /** Heading of the count column: what a bar counts (records unless said). */
  countHeading?: string;
  rows: TableRow[];
  note?: string;
  chart: (titleId: string) => ReactNode;
}) {
  const { id, title, labelHeading, countHeading = 'Records', rows, note, chart } = props;
  const [showTable, setShowTable] = useState(false);
  const titleId = useId();
  const tableId = `${id}-table`;
  return (
    <Box as="section" aria-labelledby={titleId} borderWidth="1px" borderColor="gray.200" rounded="lg" p={{ base: '3', md: '5' }} data-chart-id={id}>
      <Heading as="h3" size="md" id={titleId} mb="3" color="brand.800">
        {title}
      </Heading>
      {rows.length === 0 ? <Text color="gray.700">No record holds a value here.</Text> : chart(titleId)}
      {note ? (
        <Text fontSize="sm" color="gray.700" mt="2">
          {note}
        </Text>
      ) : null}
      <HStack gap="2" mt="3" wrap="wrap">
        <Button size="sm" variant="outline" aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((shown) => !shown)}>
          {showTable ? 'Hide table' : 'Show as table'}
        </Button>
        <Button
          size="sm"
          variant="outline"
          onClick={() => saveFile(`${id}.csv`, 'text/csv;charset=utf-8', chartCsv([labelHeading, countHeading], rows.map((row) => [row.label, row.count])))}
        >
          Download CSV
        </Button>
      </HStack>
      <Box id={tableId} hidden={!showTable} mt="3" overflowX="auto">
        <Table.Root size="sm">
          <Table.Caption srOnly>{title}</Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{labelHeading}</Table.ColumnHeader>
              <Table.ColumnHeader textAlign="end">{countHeading}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rows.map((row) => (
              <Table.Row key={row.label}>
                <Table.Cell>
                  {row.href ? (
                    <Link asChild color="brand.700" textDecoration="underline">
                      <RouterLink to={row.href}>{row.label}</RouterLink>
                    </Link>
                  ) : (
                    row.label
                  )}
                </Table.Cell>
                <Table.Cell textAlign="end">{row.count.toLocaleString('en-GB')}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Box>
  );
}
