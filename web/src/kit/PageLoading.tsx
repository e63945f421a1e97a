import { Box, Spinner, Text } from '@chakra-ui/react';

/** What a screen shows while its code or its data is on the way. */
export function PageLoading({ label = 'Loading…' }: { label?: string }) {
  return (
    <Box role="status" aria-live="polite" display="flex" alignItems="center" gap="3" justifyContent="center" py="16">
      <Spinner size="md" color="brand.700" />
      <Text>{label}</Text>
    </Box>
  );
}
