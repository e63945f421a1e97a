/**
 * Layout of the informational pages: a title, an introduction and sections with anchors
 * (so /communities#activities and /educational#funders land on the right block).
 */
import type { ReactNode } from 'react';
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import { PageContainer } from './Layout.tsx';

export interface ContentSection {
  /** Anchor of the section; links like /educational#researchers jump to it. */
  id?: string;
  heading: string;
  body: ReactNode;
}

/** Readable defaults for prose inside sections (paragraphs, lists, links). */
const proseStyles = {
  '& p': { marginBottom: '3', lineHeight: 'tall' },
  '& ul, & ol': { paddingLeft: '6', marginBottom: '3' },
  '& ul': { listStyleType: 'disc' },
  '& ol': { listStyleType: 'decimal' },
  '& li': { marginBottom: '1', lineHeight: 'tall' },
  '& a': { color: 'brand.700', textDecoration: 'underline', textUnderlineOffset: '2px' },
  '& code, & pre': { fontFamily: 'mono', fontSize: 'sm', bg: 'gray.100', borderRadius: 'sm' },
  '& code': { paddingX: '1' },
  '& pre': { padding: '3', overflowX: 'auto', marginBottom: '3', whiteSpace: 'pre' },
};

export function ContentPage({ title, intro, sections, children }: {
  title: string;
  intro?: ReactNode;
  sections?: ContentSection[];
  children?: ReactNode;
}) {
  return (
    <PageContainer>
      <Heading as="h1" size={{ base: '2xl', md: '3xl' }} color="brand.800" mb="4">
        {title}
      </Heading>
      {intro && (
        <Text fontSize="lg" color="gray.700" mb="8">
          {intro}
        </Text>
      )}
      <Stack gap="8" css={proseStyles}>
        {sections?.map((section) => (
          <Box as="section" key={section.heading} id={section.id} scrollMarginTop="4">
            <Heading as="h2" size="xl" color="brand.700" mb="3">
              {section.heading}
            </Heading>
            <Box>{section.body}</Box>
          </Box>
        ))}
        {children}
      </Stack>
    </PageContainer>
  );
}
