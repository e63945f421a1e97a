/**
 * /summary-statistics: headline figures, then tabs (all records and each registry) of charts
 * answered by the API's aggregation query, then the most viewed records. The tab is in the URL
 * (`?tab=databases`) so a view can be linked to.
 */
import { Heading, Tabs, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { ContentPage } from '../shell/ContentPage.tsx';
import { StatsBlock } from './StatsBlock.tsx';
import { useSiteConfig } from '../state/siteConfig.ts';
import { MostViewed } from './MostViewed.tsx';
import { StatisticsTabPanel } from './StatisticsTabPanel.tsx';
import { STATISTICS_TABS } from './statistics-queries.ts';

export function SummaryStatisticsPage() {
  const [params, setParams] = useSearchParams();
  const { viewsSinceYear } = useSiteConfig();
  const current = STATISTICS_TABS.find((tab) => tab.id === params.get('tab')) ?? STATISTICS_TABS[0];
  return (
    <ContentPage
      title="Statistics"
      intro="How big the registry is, what it covers and how it grew. Select a bar to open the search that lists its records; every chart also comes as a table and as CSV."
    >
      <section aria-label="Headline figures">
        <Heading as="h2" size="xl" color="brand.700" mb="4">
          Headline figures
        </Heading>
        <StatsBlock />
        <Text mt="4" color="gray.700">
          Records counts every published standard, database, policy and collection; contributors counts the people and
          organisations behind the content; views are record page views since {viewsSinceYear}.
        </Text>
      </section>
      <Heading as="h2" size="xl" color="brand.700" mt="8" mb="4">
        Charts
      </Heading>
      <Tabs.Root
        value={current.id}
        onValueChange={(details) => setParams(details.value === 'all' ? {} : { tab: details.value }, { replace: true })}
        lazyMount
        variant="line"
      >
        <Tabs.List flexWrap="wrap" mb="4">
          {STATISTICS_TABS.map((tab) => (
            <Tabs.Trigger key={tab.id} value={tab.id}>
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {STATISTICS_TABS.map((tab) => (
          <Tabs.Content key={tab.id} value={tab.id}>
            <StatisticsTabPanel tab={tab} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
      <MostViewed />
    </ContentPage>
  );
}
