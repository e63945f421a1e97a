/**
 * /timeline: the registry's history. Notable events are dated rows curators keep (GET
 * /notable_events, each with its source); the records added per month by registry and the
 * deprecated records come from the API's aggregation query (creation and update dates).
 */
import { Box, Heading, Link, SimpleGrid, Text } from '@chakra-ui/react';
import { REGISTRY_LABELS } from '@registry/schemas/search/facets.ts';
import { useLatestQuery } from '../kit/useLatestQuery.ts';
import { latestData, useRestGet } from '../kit/useLoad.ts';
import { ChartCard } from './ChartCard.tsx';
import { PeriodChart } from './PeriodChart.tsx';
import { knownDateNote } from './statistics-charts.ts';
import { TIMELINE_ADDED_QUERY, TIMELINE_DEPRECATED_QUERY } from './statistics-queries.ts';
import type { TimelineAddedQuery, TimelineDeprecatedQuery } from './statistics-queries.generated.ts';
import { ContentPage } from '../shell/ContentPage.tsx';
import { EventDate } from '../kit/format/EventDate.tsx';

function NotableEvents() {
  const result = useRestGet('/notable_events');
  const events = result.status === 'error' ? [] : (latestData(result) ?? null);
  if (events === null) return <Text color="gray.700">Loading…</Text>;
  if (events.length === 0) return <Text color="gray.700">No notable events have been recorded.</Text>;
  return (
    <Box as="ol" borderLeftWidth="3px" borderColor="brand.200" pl="5" data-testid="notable-events">
      {events.map((event) => (
        <Box as="li" key={event.id} mb="5" listStyleType="none">
          <Text fontWeight="bold" color="brand.800">
            <EventDate event={event} />
          </Text>
          <Text fontWeight="semibold">{event.title}</Text>
          <Text color="gray.700">{event.description}</Text>
          {event.sourceUrl ? (
            <Link href={event.sourceUrl} color="brand.700" textDecoration="underline" fontSize="sm">
              Source: {event.sourceUrl.replace(/^https?:\/\//, '')}
            </Link>
          ) : null}
        </Box>
      ))}
    </Box>
  );
}

/** Either timeline query's answer: each registry's records per month, as `months`. */
type MonthlyAnswer = TimelineAddedQuery | TimelineDeprecatedQuery;

function MonthlyCharts({ id, query, field, title }: { id: string; query: string; field: 'createdAt' | 'updatedAt'; title: (registry: string) => string }) {
  const result = useLatestQuery<MonthlyAnswer>(query);
  if (result.status === 'error') return <Text color="gray.700">The figures could not be loaded: {result.message}</Text>;
  if (result.status !== 'ready') return <Text color="gray.700">Counting records…</Text>;
  const buckets = result.data.recordAggregations?.buckets ?? [];
  if (buckets.length === 0) return <Text color="gray.700">No records.</Text>;
  return (
    <SimpleGrid columns={{ base: 1, lg: 2 }} gap="5">
      {buckets.map((bucket) => {
        const rows = (bucket.months ?? []).map((month) => ({ label: month.date, count: month.count }));
        const registry = REGISTRY_LABELS[bucket.key as keyof typeof REGISTRY_LABELS] ?? bucket.label;
        return (
          <ChartCard
            key={bucket.key}
            id={`${id}-${bucket.key}`}
            title={title(registry)}
            labelHeading="Month"
            rows={rows}
            note={knownDateNote(field, bucket.count, rows)}
            chart={(titleId) => <PeriodChart rows={rows.map((row) => ({ date: row.label, count: row.count }))} titleId={titleId} />}
          />
        );
      })}
    </SimpleGrid>
  );
}

export function TimelinePage() {
  return (
    <ContentPage title="Timeline" intro="The registry's history: its notable events, and the records added and deprecated month by month.">
      <Heading as="h2" size="xl" color="brand.700" mb="4">
        Notable events
      </Heading>
      <NotableEvents />
      <Heading as="h2" size="xl" color="brand.700" mt="8" mb="2">
        Records added per month
      </Heading>
      <Text color="gray.700" mb="4">
        By the date each record was added to this registry; records whose date is unknown are not counted (each chart says how many are).
      </Text>
      <MonthlyCharts id="added" query={TIMELINE_ADDED_QUERY} field="createdAt" title={(registry) => `${registry} records added`} />
      <Heading as="h2" size="xl" color="brand.700" mt="8" mb="2">
        Deprecated records
      </Heading>
      <Text color="gray.700" mb="4">
        Records whose status is deprecated, by the month of their last update.
      </Text>
      <MonthlyCharts id="deprecated" query={TIMELINE_DEPRECATED_QUERY} field="updatedAt" title={(registry) => `${registry} records deprecated`} />
    </ContentPage>
  );
}
