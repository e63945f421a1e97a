/**
 * Site footer (SPEC §2): five link blocks, the licence line (CC BY-SA 4.0) and a control that
 * scrolls back to the top.
 */
import { memo, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Flex, Heading, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useSiteConfig } from '../state/siteConfig.ts';
import { ArrowUpIcon } from './icons.tsx';

interface FooterLink {
  label: string;
  to: string;
  external?: boolean;
}

interface FooterBlock {
  heading: string;
  links: FooterLink[];
}

const FOOTER_BLOCKS: FooterBlock[] = [
  {
    heading: 'Developed By',
    links: [
      { label: 'Open-source contributors', to: '/stakeholders' },
      { label: 'Source code and issues', to: 'https://github.com/FAIRsharing', external: true },
      { label: 'Timeline of the project', to: '/timeline' },
    ],
  },
  {
    heading: 'Contacts and News',
    links: [
      { label: 'Public messages and news', to: '/communities#activities' },
      { label: 'Contact the curators', to: '/communities#contact' },
      { label: 'Add or update content', to: '/new' },
    ],
  },
  {
    heading: 'Users and Contributors',
    links: [
      { label: 'Communities', to: '/communities' },
      { label: 'Community Champions', to: '/community_champions' },
      { label: 'Stakeholders', to: '/stakeholders' },
      { label: 'Educational resources', to: '/educational' },
    ],
  },
  {
    heading: 'About Us',
    links: [
      { label: 'Licence', to: '/licence' },
      { label: 'Terms of use', to: '/terms' },
      { label: 'Privacy', to: '/privacy' },
      { label: 'Sustainability and preservation', to: '/sustainability_and_preservation' },
    ],
  },
  {
    heading: 'Documentation',
    links: [
      { label: 'API documentation', to: '/API_doc' },
      { label: 'Object types', to: '/object_types' },
      { label: 'Statistics', to: '/summary-statistics' },
      { label: 'Sitemap', to: '/sitemap.xml', external: true },
    ],
  },
];

function FooterAnchor({ link, children }: { link: FooterLink; children: ReactNode }) {
  const style = { color: 'inherit', textDecoration: 'underline', textUnderlineOffset: '3px' };
  if (link.external) {
    return (
      <a href={link.to} style={style}>
        {children}
      </a>
    );
  }
  return (
    <RouterLink to={link.to} style={style}>
      {children}
    </RouterLink>
  );
}

/** Memoised: it has no props, and the layout re-renders around it on every route change. */
export const Footer = memo(function Footer() {
  const { siteName } = useSiteConfig();
  return (
    <Box as="footer" bg="brand.900" color="white" px={{ base: '4', md: '8' }} pt="10" pb="6" mt="12">
      <SimpleGrid columns={{ base: 1, sm: 2, lg: 5 }} gap="8" maxW="7xl" mx="auto">
        {FOOTER_BLOCKS.map((block) => (
          <Box as="section" key={block.heading} aria-label={block.heading}>
            <Heading as="h2" size="sm" mb="3" color="accent.400">
              {block.heading}
            </Heading>
            <Stack as="ul" gap="2" listStyleType="none" fontSize="sm">
              {block.links.map((link) => (
                <li key={link.label}>
                  <FooterAnchor link={link}>{link.label}</FooterAnchor>
                </li>
              ))}
            </Stack>
          </Box>
        ))}
      </SimpleGrid>
      <Flex
        maxW="7xl"
        mx="auto"
        mt="10"
        pt="4"
        borderTopWidth="1px"
        borderColor="whiteAlpha.400"
        align="center"
        justify="space-between"
        gap="4"
        wrap="wrap"
      >
        <Text fontSize="sm">
          {siteName} content is licensed under{' '}
          <a
            href="https://creativecommons.org/licenses/by-sa/4.0/"
            rel="license noopener"
            style={{ textDecoration: 'underline', color: 'inherit' }}
          >
            CC BY-SA 4.0
          </a>
          . See the <FooterAnchor link={{ label: 'licence', to: '/licence' }}>licence page</FooterAnchor> for details.
        </Text>
        <Button
          size="sm"
          variant="outline"
          color="white"
          borderColor="whiteAlpha.700"
          _hover={{ bg: 'brand.700' }}
          onClick={() => {
            const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
            window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
            document.getElementById('main-content')?.focus({ preventScroll: true });
          }}
        >
          <ArrowUpIcon />
          Back to top
        </Button>
      </Flex>
    </Box>
  );
});
