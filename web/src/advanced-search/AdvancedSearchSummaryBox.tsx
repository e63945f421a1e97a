/**
 * An advanced search's criteria in words (advanced-search-summary.ts): on the result page above
 * its results, and in the dialog a shared link opens, so the link says what it searches.
 */
import { Box, Text } from '@chakra-ui/react';
import { groupHeading, summaryHeading, type AdvancedSearchSummary } from './advanced-search-summary.ts';

export function AdvancedSearchSummaryBox({ summary, label, testId }: { summary: AdvancedSearchSummary; label: string; testId: string }) {
  return (
    <Box as="section" aria-label={label} data-testid={testId} borderWidth="1px" borderRadius="md" p="3" fontSize="sm" bg="bg">
      <Text fontWeight="semibold">{summaryHeading(summary)}</Text>
      {summary.groups.length ? (
        <Box as="ul" pl="5" mt="1" listStyleType="disc">
          {summary.groups.map((group, index) => {
            const heading = groupHeading(group);
            return (
              <Box as="li" key={index} mt="1">
                {heading ? (
                  <>
                    {heading}
                    <Box as="ul" pl="5" listStyleType="circle">
                      {group.rules.map((rule) => (
                        <li key={rule}>{rule}</li>
                      ))}
                    </Box>
                  </>
                ) : (
                  group.rules[0]
                )}
              </Box>
            );
          })}
        </Box>
      ) : null}
    </Box>
  );
}
