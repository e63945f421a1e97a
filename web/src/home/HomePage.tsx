/**
 * Home (SPEC §2): hero with the search, three columns (find, discover, learn), the community
 * block and the statistics.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Button, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { useSiteConfig } from '../state/siteConfig.ts';
import { Hero } from '../shell/Hero.tsx';
import { HomeSearch } from './HomeSearch.tsx';
import { StatsBlock } from '../statistics/StatsBlock.tsx';

interface HomeColumn {
  verb: string;
  title: string;
  text: string;
  links: Array<{ label: string; to: string }>;
}

const COLUMNS: HomeColumn[] = [
  {
    verb: 'Find',
    title: 'Recommendations',
    text:
      'Journals, funders and publishers recommend standards and repositories in their data policies. See which resources they endorse, and pick a standard or a database with confidence before you share your data.',
    links: [
      { label: 'Recommended standards and databases', to: '/search?isRecommended=true&page=1&searchAnd=false&fairsharingRegistry=database,standard' },
      { label: 'Browse data policies', to: '/policies' },
    ],
  },
  {
    verb: 'Discover',
    title: 'Collections',
    text:
      'Projects, organisations and communities group the standards, databases and policies they use into collections. A collection is a quick way to see the resources of a whole domain or initiative.',
    links: [
      { label: 'Browse collections', to: '/collections' },
      { label: 'Browse organisations', to: '/organisations' },
    ],
  },
  {
    verb: 'Learn',
    title: 'Educational',
    text:
      'Guidance for researchers, developers, publishers, trainers, societies and funders: how to describe data with community standards, choose a repository, and write or follow a data policy.',
    links: [
      { label: 'Educational resources', to: '/educational' },
      { label: 'Use the API', to: '/API_doc' },
    ],
  },
];

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box as="section" aria-label={title} maxW="7xl" mx="auto" px={{ base: '4', md: '8' }} py={{ base: '8', md: '12' }}>
      <Heading as="h2" size="2xl" color="brand.800" mb="6" textAlign="center">
        {title}
      </Heading>
      {children}
    </Box>
  );
}

function LinkButton({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Button asChild variant="outline" size="sm" colorPalette="brand" justifyContent="flex-start" whiteSpace="normal" h="auto" py="2">
      <RouterLink to={to}>{children}</RouterLink>
    </Button>
  );
}

export function HomePage() {
  const { siteName } = useSiteConfig();
  return (
    <>
      <Hero
        title="A curated, informative and educational resource on data and metadata standards, inter-related to databases and data policies."
        subtitle={`${siteName} helps researchers, developers, publishers and funders find, understand and adopt the standards, repositories and policies of their field.`}
      >
        <HomeSearch />
      </Hero>

      <Section title="Find, discover and learn">
        <SimpleGrid columns={{ base: 1, md: 3 }} gap="6">
          {COLUMNS.map((column) => (
            <Stack
              as="article"
              key={column.title}
              gap="3"
              borderWidth="1px"
              borderColor="gray.200"
              rounded="lg"
              p="6"
              boxShadow="xs"
              data-testid="home-column"
            >
              <Text textTransform="uppercase" fontWeight="bold" letterSpacing="wider" fontSize="sm" color="orange.700">
                {column.verb}
              </Text>
              <Heading as="h3" size="xl" color="brand.800">
                {column.title}
              </Heading>
              <Text color="gray.800">{column.text}</Text>
              <Stack gap="2" mt="auto">
                {column.links.map((link) => (
                  <LinkButton key={link.to} to={link.to}>
                    {link.label}
                  </LinkButton>
                ))}
              </Stack>
            </Stack>
          ))}
        </SimpleGrid>
      </Section>

      <Box bg="gray.50">
        <Section title="Our community">
          <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
            <Stack as="article" gap="3" bg="white" rounded="lg" p="6" boxShadow="xs">
              <Heading as="h3" size="lg" color="brand.800">
                Community Champions
              </Heading>
              <Text>
                Champions are researchers, data stewards and librarians who curate records of their domain, check that
                descriptions stay accurate, and help their communities register new resources.
              </Text>
              <Box>
                <LinkButton to="/community_champions">Become a Community Champion</LinkButton>
              </Box>
            </Stack>
            <Stack as="article" gap="3" bg="white" rounded="lg" p="6" boxShadow="xs">
              <Heading as="h3" size="lg" color="brand.800">
                Adopters and Collaborators
              </Heading>
              <Text>
                Publishers, funders, infrastructure projects and standards organisations use the registry in their
                policies, guidance and tools, and work with us to keep the content linked and up to date.
              </Text>
              <Box>
                <LinkButton to="/stakeholders">See adopters and collaborators</LinkButton>
              </Box>
            </Stack>
          </SimpleGrid>
        </Section>
      </Box>

      <Section title="The registry in numbers">
        <StatsBlock />
        <Text mt="4" textAlign="center">
          More in the{' '}
          <Link asChild color="brand.700" textDecoration="underline">
            <RouterLink to="/summary-statistics">statistics</RouterLink>
          </Link>
          ; all public records as open data:{' '}
          <Link href="/export/records.json" color="brand.700" textDecoration="underline">
            JSON
          </Link>
          ,{' '}
          <Link href="/export/records.csv" color="brand.700" textDecoration="underline">
            CSV
          </Link>
          .
        </Text>
      </Section>
    </>
  );
}
