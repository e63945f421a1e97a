/** The frame of a page that says why there is nothing to show (not found, server error): a heading, a sentence and ways on. */
import { Flex, Heading, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageContainer } from './Layout.tsx';

export function StatusPage({ title, testId, text, children }: { title: string; testId: string; text: string; children: ReactNode }) {
  return (
    <PageContainer>
      <Heading as="h1" size="3xl" color="brand.800" data-testid={testId}>
        {title}
      </Heading>
      <Text mt="4" fontSize="lg">
        {text}
      </Text>
      <Flex gap="3" mt="6" wrap="wrap">
        {children}
      </Flex>
    </PageContainer>
  );
}
