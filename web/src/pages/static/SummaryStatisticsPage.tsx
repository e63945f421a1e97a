import { Heading, Text } from '@chakra-ui/react';
import { ContentPage } from '../ContentPage.tsx';
import { StatsBlock } from '../home/StatsBlock.tsx';

/** /summary-statistics: the headline figures; detailed charts arrive with the statistics work. */
export function SummaryStatisticsPage() {
  return (
    <ContentPage
      title="Statistics"
      intro="How big the registry is and how much it is used. Detailed charts per registry, record type, subject and country are on their way."
    >
      <section aria-label="Headline figures">
        <Heading as="h2" size="xl" color="brand.700" mb="4">
          Headline figures
        </Heading>
        <StatsBlock />
        <Text mt="4" color="gray.700">
          Records counts every published standard, database, policy and collection; contributors counts the people who
          created or edited content; views are page views since 2015.
        </Text>
      </section>
    </ContentPage>
  );
}
