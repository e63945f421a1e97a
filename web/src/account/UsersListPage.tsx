/** /profiles/usersList (super curators): every account, filterable, with links to edit each. */
import { useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Heading, Input, Spinner, Text } from '@chakra-ui/react';
import { PageContainer } from '../shell/Layout.tsx';
import { listUsers, type AccountUser } from './account-api.ts';
import { errorMessage } from './account-paths.ts';
import { FormAnswer } from '../kit/FormFields.tsx';
import { useLoad } from '../kit/useLoad.ts';

const TABLE_STYLE = {
  width: '100%',
  borderCollapse: 'collapse',
  '& th, & td': { textAlign: 'left', padding: '0.5rem', borderBottom: '1px solid var(--chakra-colors-gray-200)', verticalAlign: 'top' },
  '& th': { fontWeight: 600, background: 'var(--chakra-colors-gray-50)' },
  '& a': { color: 'var(--chakra-colors-brand-700)', textDecoration: 'underline' },
  '@media (max-width: 40em)': { '& .wide': { display: 'none' } },
} as const;

export function UsersListPage() {
  const result = useLoad<AccountUser[]>({ key: 'users', load: () => listUsers() });
  const users = result.status === 'ready' ? result.data : null;
  const failure = result.status === 'error' ? errorMessage(result.error) : null;
  const [filter, setFilter] = useState('');

  const shown = useMemo(() => {
    const text = filter.trim().toLowerCase();
    if (!users || !text) return users ?? [];
    return users.filter((user) => user.username.toLowerCase().includes(text) || (user.email ?? '').toLowerCase().includes(text));
  }, [users, filter]);

  return (
    <PageContainer wide>
      <Heading as="h1" size="2xl" color="brand.800" mb="4">
        Users
      </Heading>
      {failure && <FormAnswer kind="error">{failure}</FormAnswer>}
      {!users && !failure && <Spinner aria-label="Loading the users" />}
      {users && (
        <>
          <Input
            type="search"
            value={filter}
            onChange={(event) => setFilter(event.target.value)}
            placeholder="Filter by username or e-mail"
            aria-label="Filter users by username or e-mail"
            maxW="md"
            mb="4"
          />
          <Text mb="2" color="gray.700" aria-live="polite">
            {shown.length} of {users.length} users
          </Text>
          <Box overflowX="auto">
            <Box as="table" css={TABLE_STYLE} data-testid="users-table">
              <thead>
                <tr>
                  <th>Username</th>
                  <th className="wide">E-mail</th>
                  <th>Role</th>
                  <th className="wide">Status</th>
                  <th>
                    <span className="sr-only" style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                      Actions
                    </span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {shown.map((user) => (
                  <tr key={user.id}>
                    <td>
                      <RouterLink to={`/users/${user.id}`}>{user.username}</RouterLink>
                    </td>
                    <td className="wide">{user.email}</td>
                    <td>{user.role?.replace(/_/g, ' ')}</td>
                    <td className="wide">{user.deactivated ? 'deactivated' : 'active'}</td>
                    <td>
                      <RouterLink to={`/profiles/editPublicProfile/${user.id}`} aria-label={`Edit ${user.username}`}>
                        Edit
                      </RouterLink>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Box>
          </Box>
        </>
      )}
    </PageContainer>
  );
}
