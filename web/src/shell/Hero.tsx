import type { ReactNode } from 'react';
import { Box, Heading, Text } from '@chakra-ui/react';
import { ParticleBackground } from './ParticleBackground.tsx';

/**
 * The hero banner: title, subtitle, optional content (the home search) over the particles. It does
 * not clip what it holds: the home search's suggestion list hangs below it (the particles' canvas
 * keeps to the banner by itself).
 */
export function Hero({ title, subtitle, children, titleLevel = 'h1', slimOnPhone = false }: {
  title: string;
  subtitle?: string;
  children?: ReactNode;
  titleLevel?: 'h1' | 'h2';
  /** On a phone, the title alone in a thin band (a search page's results come first there). */
  slimOnPhone?: boolean;
}) {
  return (
    <Box
      as="section"
      aria-label="Introduction"
      position="relative"
      bgGradient="to-br"
      gradientFrom="brand.800"
      gradientTo="#1f5f7a"
      color="white"
      px={{ base: '4', md: '8' }}
      py={{ base: slimOnPhone ? '3' : '8', md: '12' }}
      data-testid="hero"
    >
      <ParticleBackground />
      <Box position="relative" maxW="5xl" mx="auto" textAlign="center">
        <Heading as={titleLevel} size={{ base: slimOnPhone ? 'md' : 'xl', md: '3xl' }} fontWeight="bold" lineHeight="short">
          {title}
        </Heading>
        {subtitle && (
          <Text mt="3" fontSize={{ base: 'md', md: 'lg' }} maxW="3xl" mx="auto" display={{ base: slimOnPhone ? 'none' : 'block', md: 'block' }}>
            {subtitle}
          </Text>
        )}
        {children}
      </Box>
    </Box>
  );
}
