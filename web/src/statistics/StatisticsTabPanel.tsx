/** The charts of one tab, each fed by its own `recordAggregations` query and drawn when it arrives. */
import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { useMemo } from 'react';
import { useLatestQuery } from '../kit/useLatestQuery.ts';
import { BarChart } from './BarChart.tsx';
import { ChartCard } from './ChartCard.tsx';
import { displayLabel, knownDateNote, searchLinkFor, type ChartAnswer } from './statistics-charts.ts';
import type { CreatedPerYearFragment, FacetChartCountsFragment, UpdatedPerYearFragment } from './statistics-queries.generated.ts';
import { chartQuery, chartsFor, type ChartDefinition, type StatisticsTab } from './statistics-queries.ts';
import { PeriodChart } from './PeriodChart.tsx';

function FacetChartCard({ chart, tab, answer }: { chart: Extract<ChartDefinition, { kind: 'facet' }>; tab: StatisticsTab; answer: FacetChartCountsFragment }) {
  const rows = answer.buckets.map((bucket) => ({ label: displayLabel(bucket), count: bucket.count, href: searchLinkFor(chart, tab, bucket.key) }));
  const other = answer.otherCount;
  return (
    <ChartCard
      id={`${tab.id}-${chart.id}`}
      title={chart.title}
      labelHeading={chart.labelHeading ?? chart.title.replace(/^(Top \d+|Records per) /i, '').replace(/^./, (first) => first.toUpperCase())}
      countHeading={chart.countHeading}
      rows={rows}
      note={other > 0 ? `Values not shown count ${other.toLocaleString('en-GB')} more; a record with several values counts under each.` : undefined}
      chart={(titleId) => <BarChart rows={rows} titleId={titleId} />}
    />
  );
}

function GrowthChartCard({ chart, tab, answer }: { chart: Extract<ChartDefinition, { kind: 'growth' }>; tab: StatisticsTab; answer: CreatedPerYearFragment | UpdatedPerYearFragment }) {
  const rows = (answer.perYear ?? []).map((bucket) => ({ label: bucket.date, count: bucket.count }));
  return (
    <ChartCard
      id={`${tab.id}-${chart.id}`}
      title={chart.title}
      labelHeading="Year"
      rows={rows}
      note={knownDateNote(chart.field, answer.totalCount, rows)}
      chart={(titleId) => <PeriodChart rows={rows.map((row) => ({ date: row.label, count: row.count }))} titleId={titleId} />}
    />
  );
}

function ChartLoader({ chart, tab }: { chart: ChartDefinition; tab: StatisticsTab }) {
  const query = useMemo(() => chartQuery(chart, tab), [chart, tab]);
  const result = useLatestQuery<{ recordAggregations: ChartAnswer | null }>(query);
  const answer = result.status === 'ready' ? result.data.recordAggregations : null;
  // The chart's own query asked for its kind's fields (chartQuery).
  if (answer && chart.kind === 'facet' && 'buckets' in answer) return <FacetChartCard chart={chart} tab={tab} answer={answer} />;
  if (answer && chart.kind === 'growth' && 'perYear' in answer) return <GrowthChartCard chart={chart} tab={tab} answer={answer} />;
  const loading = result.status === 'loading' || result.status === 'idle';
  return (
    <Box borderWidth="1px" borderColor="gray.200" rounded="lg" p="5" minH="40" aria-busy={loading}>
      <Text fontWeight="semibold" color="brand.800">
        {chart.title}
      </Text>
      <Text color="gray.700" mt="2">
        {loading ? 'Counting records…' : `This chart could not be loaded${result.status === 'error' ? `: ${result.message}` : '.'}`}
      </Text>
    </Box>
  );
}

export function StatisticsTabPanel({ tab }: { tab: StatisticsTab }) {
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
      {chartsFor(tab).map((chart) => (
        <ChartLoader key={chart.id} chart={chart} tab={tab} />
      ))}
    </SimpleGrid>
  );
}
