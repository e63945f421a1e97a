/**
 * The curator dashboard (/curator, curators only): one tab per entry of curator-tabs.ts, the
 * open tab in the URL (?tab=<id>) so a tab can be linked to and survives a reload. Chakra's
 * tabs follow the WAI-ARIA tab pattern (arrow keys move between tabs).
 */
import { Heading, Tabs, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router';
import { can } from '@registry/schemas/access/policy.ts';
import { useViewer } from '../state/sessionViewer.ts';
import { PageContainer } from '../shell/Layout.tsx';
import { tabsFor } from './curator-tabs.ts';

export function CuratorPage() {
  const viewer = useViewer();
  const [params, setParams] = useSearchParams();
  if (!can(viewer, 'curation.dashboard')) {
    return (
      <PageContainer>
        <Heading as="h1" size="2xl" color="brand.800">Curator dashboard</Heading>
        <Text mt="4">Only curators can open the curator dashboard.</Text>
      </PageContainer>
    );
  }
  const tabs = tabsFor(viewer);
  const current = tabs.find((tab) => tab.id === params.get('tab')) ?? tabs[0];
  return (
    <PageContainer wide>
      <Heading as="h1" size="2xl" color="brand.800" mb="6">Curator dashboard</Heading>
      <Tabs.Root value={current.id} onValueChange={(details) => setParams({ tab: details.value }, { replace: true })} lazyMount unmountOnExit variant="line">
        <Tabs.List flexWrap="wrap" mb="4">
          {tabs.map((tab) => (
            <Tabs.Trigger key={tab.id} value={tab.id} data-testid={`curator-tab-${tab.id}`}>{tab.label}</Tabs.Trigger>
          ))}
        </Tabs.List>
        {tabs.map((tab) => (
          <Tabs.Content key={tab.id} value={tab.id}>
            <tab.component />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </PageContainer>
  );
}
