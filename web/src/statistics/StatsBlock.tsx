import { Box, SimpleGrid, Text } from '@chakra-ui/react';
import { useSiteConfig } from '../state/siteConfig.ts';
import { formatCount } from '../kit/format/counts.ts';
import { useHomepageStats, type HomepageStats } from './useHomepageStats.ts';

/** Records, Contributors and Views since the configured year (SPEC §2), from GET /homepage_stats. */
export function StatsBlock() {
  const state = useHomepageStats();
  const { viewsSinceYear } = useSiteConfig();
  const stats: Partial<HomepageStats> = state.status === 'loaded' ? state.stats : {};
  const items = [
    { label: 'Records', value: stats.records },
    { label: 'Contributors', value: stats.contributors },
    { label: `Views since ${viewsSinceYear}`, value: stats.views },
  ];
  return (
    <Box>
      <SimpleGrid columns={{ base: 1, sm: 3 }} gap="4" aria-busy={state.status === 'loading'}>
        {items.map((item) => (
          <Box key={item.label} textAlign="center" bg="brand.50" rounded="lg" py="6" px="4" data-testid="home-stat">
            <Text fontSize="3xl" fontWeight="bold" color="brand.800">
              {state.status === 'loading' ? '…' : formatCount(item.value)}
            </Text>
            <Text color="gray.700">{item.label}</Text>
          </Box>
        ))}
      </SimpleGrid>
      {state.status === 'failed' && (
        <Text mt="2" fontSize="sm" color="gray.700">
          The figures are not available right now.
        </Text>
      )}
    </Box>
  );
}
