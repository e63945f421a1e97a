/** Section frame and small display helpers shared by the record page's sections. */
import { Box, Heading, Link, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function RecordSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-labelledby={`${id}-heading`} id={id} data-testid={`record-section-${id}`} borderWidth="1px" borderRadius="md" p={{ base: '4', md: '5' }} bg="bg">
      <Heading as="h2" id={`${id}-heading`} size="lg" mb="3">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

/** A labelled value row of a definition list. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box display={{ base: 'block', sm: 'grid' }} gridTemplateColumns="12rem 1fr" gap="3" py="1.5" borderBottomWidth="1px" borderColor="border.muted">
      <Text as="dt" fontWeight="semibold" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Box as="dd" m="0">
        {children}
      </Box>
    </Box>
  );
}

export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer" color="blue.700" textDecoration="underline" wordBreak="break-word" _dark={{ color: 'blue.300' }}>
      {children}
    </Link>
  );
}

export { humanise } from '../kit/records/RecordBadges.tsx';
