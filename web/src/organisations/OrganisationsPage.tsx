/**
 * /organisations: a searchable, paged list. The URL holds the state (q, page), so a search can
 * be shared and back/forward work.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { Badge, Box, Button, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { PageContainer } from '../shell/Layout.tsx';
import { PageLoading } from '../kit/PageLoading.tsx';
import { useLoad } from '../kit/useLoad.ts';
import { findOrganisations, organisationTypeNames, type OrganisationSummary } from './organisationQueries.ts';

export const ORGANISATIONS_PER_PAGE = 25;

/** What the list holds: how many organisations (in the registry, or matching the search), or that there are none yet and how they get added. */
function OrganisationsCount({ count, q }: { count: number; q: string }) {
  const counted = `${count.toLocaleString('en-GB')} organisation${count === 1 ? '' : 's'}`;
  if (q) return <>{count === 0 ? `No organisation matches “${q}”.` : `${counted} match${count === 1 ? 'es' : ''} “${q}”.`}</>;
  if (count > 0) return <>{`${counted} in the registry.`}</>;
  return (
    <>
      There are no organisations in the registry yet. An organisation is added when someone describing a record names who
      maintains, funds or collaborates on it, in the Organisations section of the record&apos;s edit page (see{' '}
      <RouterLink to="/new" style={{ color: '#253d73', textDecoration: 'underline' }}>
        Add content
      </RouterLink>
      ).
    </>
  );
}

export function OrganisationsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [text, setText] = useState(q);
  const state = useLoad<OrganisationSummary[]>({ key: q, load: async (signal) => [...(await findOrganisations(q, signal))].sort((a, b) => a.name.localeCompare(b.name)) });
  const inputId = useId();

  useEffect(() => setText(q), [q]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams();
    if (text.trim()) next.set('q', text.trim());
    setParams(next);
  }

  function goToPage(target: number) {
    const next = new URLSearchParams(params);
    if (target <= 1) next.delete('page');
    else next.set('page', String(target));
    setParams(next);
    document.getElementById('main-content')?.scrollIntoView();
  }

  const organisations = state.status === 'ready' ? state.data : [];
  const totalPages = Math.max(1, Math.ceil(organisations.length / ORGANISATIONS_PER_PAGE));
  const shown = organisations.slice((page - 1) * ORGANISATIONS_PER_PAGE, page * ORGANISATIONS_PER_PAGE);

  return (
    <PageContainer>
      <Heading as="h1" size="3xl" color="brand.800">
        Organisations
      </Heading>
      <Text mt="2" color="gray.700">
        Funders, publishers, universities, projects and standards bodies that maintain, fund or collaborate on the resources
        in the registry.
      </Text>
      <Flex as="form" role="search" aria-label="Organisation search" onSubmit={submit} gap="2" mt="6">
        <label htmlFor={inputId} style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
          Search organisations
        </label>
        <Input id={inputId} type="search" value={text} onChange={(event) => setText(event.target.value)} placeholder="Search organisations by name" />
        <Button type="submit" colorPalette="brand">
          Search
        </Button>
      </Flex>

      {state.status === 'loading' && <PageLoading label="Loading organisations…" />}
      {state.status === 'error' && (
        <Text mt="6" role="alert">
          The organisations could not be loaded. Please try again.
        </Text>
      )}
      {state.status === 'ready' && (
        <>
          <Text mt="6" aria-live="polite" data-testid="organisations-count">
            <OrganisationsCount count={organisations.length} q={q} />
          </Text>
          <Stack as="ul" mt="4" gap="3" listStyleType="none">
            {shown.map((organisation) => (
              <Box as="li" key={organisation.id} borderWidth="1px" borderColor="gray.200" rounded="md" p="4" data-testid="organisation-row">
                <RouterLink to={`/organisations/${organisation.id}`} style={{ fontWeight: 600, color: '#253d73', textDecoration: 'underline' }}>
                  {organisation.name}
                </RouterLink>
                <Flex gap="2" mt="2" wrap="wrap">
                  {organisationTypeNames(organisation.types).map((type) => (
                    <Badge key={type} colorPalette="gray">
                      {type}
                    </Badge>
                  ))}
                </Flex>
                {organisation.alternativeNames && organisation.alternativeNames.length > 0 && (
                  <Text fontSize="sm" color="gray.700" mt="1">
                    Also known as {organisation.alternativeNames.join(', ')}
                  </Text>
                )}
              </Box>
            ))}
          </Stack>
          {totalPages > 1 && (
            <Flex as="nav" aria-label="Pages" mt="6" gap="3" align="center" justify="center">
              <Button variant="outline" disabled={page <= 1} onClick={() => goToPage(page - 1)}>
                Previous
              </Button>
              <Text>
                Page {page} of {totalPages}
              </Text>
              <Button variant="outline" disabled={page >= totalPages} onClick={() => goToPage(page + 1)}>
                Next
              </Button>
            </Flex>
          )}
        </>
      )}
    </PageContainer>
  );
}
