/**
 * Saved searches as a section: each entry re-opens its search (the saved path, so the same URL
 * and the same results), with its comment, owner and date. On the profile the owner (and super
 * curators, as the access module says) may rename or delete; the list is then read again.
 * `LinkedSavedSearches` shows those linked to a record or an organisation on its page (nothing
 * when none is).
 */
import { Box, Button, Field, Heading, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useCallback, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { ValidationError } from 'yup';
import { can } from '@registry/schemas/access/index.ts';
import { savedSearchChangeSchema } from '@registry/schemas/forms/community.ts';
import { useViewer } from '../state/sessionViewer.ts';
import { useEditableRows } from '../kit/useEditableRows.ts';
import { ConfirmDialog } from '../kit/ConfirmDialog.tsx';
import { RowDeleteDialog } from '../kit/RowDeleteDialog.tsx';
import {
  deleteSavedSearch, loadLinkedSavedSearches, loadUserSavedSearches, renameSavedSearch, savedSearchPath, type SavedSearchEntry,
} from './saved-searches.ts';
import { formatShortDate } from '../kit/format/dates.ts';
import { FormAnswer } from '../kit/FormFields.tsx';

const linkStyle = { color: 'var(--chakra-colors-brand-700)', textDecoration: 'underline' };

function nameProblem(name: string): string | null {
  try {
    savedSearchChangeSchema.validateSyncAt('name', { name });
    return null;
  } catch (error) {
    return error instanceof ValidationError ? error.message : String(error);
  }
}

function SavedSearchItem({ search, onRename, onDelete }: { search: SavedSearchEntry; onRename?: () => void; onDelete?: () => void }) {
  const date = formatShortDate(search.createdAt);
  return (
    <Box as="li" py="2" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }} data-testid="saved-search">
      <HStack gap="2" wrap="wrap" justify="space-between" align="flex-start">
        <Box minW="0">
          <RouterLink to={savedSearchPath(search.url)} style={linkStyle}>{search.name}</RouterLink>
          {search.comments && <Text fontSize="sm">{search.comments}</Text>}
          <Text fontSize="sm" color="fg.muted">
            {search.creator ? <>Saved by <RouterLink to={`/users/${search.creator.id}`} style={linkStyle}>{search.creator.username}</RouterLink></> : 'Saved by a former user'}
            {date && ` · ${date}`}
          </Text>
        </Box>
        {onRename && onDelete && (
          <HStack gap="1">
            <Button size="xs" variant="outline" aria-label={`Rename saved search ${search.name}`} onClick={onRename}>Rename</Button>
            <Button size="xs" variant="outline" colorPalette="red" aria-label={`Delete saved search ${search.name}`} onClick={onDelete}>Delete</Button>
          </HStack>
        )}
      </HStack>
    </Box>
  );
}

interface SavedSearchesBlockProps {
  load: () => Promise<SavedSearchEntry[]>;
  title: string;
  testId: string;
  headingAs: 'h2' | 'h3';
  intro?: string;
  /** What an empty list says; null: an empty list shows nothing at all. */
  empty: string | null;
  /** Offer rename and delete where the viewer may. */
  manage?: boolean;
}

function SavedSearchesBlock({ load, title, testId, headingAs, intro, empty, manage = false }: SavedSearchesBlockProps) {
  const viewer = useViewer();
  const { rows, answer, editing: renaming, setEditing: setRenaming, deleting, setDeleting, busy, run } = useEditableRows(load);
  const [newName, setNewName] = useState('');
  if (empty === null && !rows?.length && !answer) return null;
  const mayManage = (search: SavedSearchEntry) => manage && can(viewer, 'savedSearch.manage', { userId: search.creator ? Number(search.creator.id) : undefined });
  const problem = renaming ? nameProblem(newName) : null;

  return (
    <Box as="section" aria-label={title} data-testid={testId} borderWidth="1px" rounded="md" p="4">
      <Heading as={headingAs} size={headingAs === 'h2' ? 'lg' : 'md'} mb="2">
        {title} {rows && <Text as="span" color="gray.600" fontWeight="normal">({rows.length})</Text>}
      </Heading>
      {intro && <Text fontSize="sm" color="fg.muted" mb="2">{intro}</Text>}
      <Stack gap="2">
        {rows && rows.length === 0 && empty && <Text color="gray.700" data-testid="empty-list">{empty}</Text>}
        {rows && rows.length > 0 && (
          <Stack as="ul" gap="0" listStyleType="none" m="0" p="0">
            {rows.map((search) => (
              <SavedSearchItem
                key={search.id}
                search={search}
                {...(mayManage(search) ? { onRename: () => { setNewName(search.name); setRenaming(search); }, onDelete: () => setDeleting(search) } : {})}
              />
            ))}
          </Stack>
        )}
        {answer && <FormAnswer kind={answer.kind}>{answer.text}</FormAnswer>}
      </Stack>
      <ConfirmDialog
        open={renaming !== null}
        title="Rename this saved search"
        action="Rename"
        busy={busy}
        disabled={problem !== null}
        onClose={() => setRenaming(null)}
        onConfirm={() => renaming && void run(() => renameSavedSearch(renaming.id, newName.trim()), 'The saved search was renamed.')}
      >
        <Field.Root invalid={problem !== null} required>
          <Field.Label>New name<Field.RequiredIndicator /></Field.Label>
          <Input value={newName} onChange={(event) => setNewName(event.target.value)} />
          {problem && <Field.ErrorText color="red.700">{problem}</Field.ErrorText>}
        </Field.Root>
      </ConfirmDialog>
      <RowDeleteDialog rows={{ deleting, setDeleting, busy, run }} title="Delete this saved search?" action="Delete" done="The saved search was deleted." remove={(row) => deleteSavedSearch(row.id)}>
        {(row) => <Text>“{row.name}” disappears from the profile and from the pages it is linked to.</Text>}
      </RowDeleteDialog>
    </Box>
  );
}

/** The profile's "Saved searches": those the person saved and those linked to them, once each. */
export function SavedSearchesSection({ userId, own }: { userId: number; own: boolean }) {
  const load = useCallback(() => loadUserSavedSearches(userId), [userId]);
  return (
    <SavedSearchesBlock
      load={load}
      title="Saved searches"
      testId="saved-searches"
      headingAs="h3"
      manage
      empty={own ? 'You have no saved searches yet. Use “Save this search” on the search page to find it here.' : 'No saved searches.'}
    />
  );
}

/** The saved searches linked to a record or an organisation, as a section of its page. */
export function LinkedSavedSearches({ kind, id }: { kind: 'record' | 'organisation'; id: number | string }) {
  const load = useCallback(() => loadLinkedSavedSearches(kind, id), [kind, id]);
  return (
    <SavedSearchesBlock
      load={load}
      title="Saved searches"
      testId="linked-saved-searches"
      headingAs="h2"
      intro={`Searches people saved about this ${kind}; each opens with its filters.`}
      empty={null}
    />
  );
}
