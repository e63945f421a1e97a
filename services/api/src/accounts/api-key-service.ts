/** The own account's API keys (read-only credentials): create, list, revoke. */
import type { Viewer } from '@registry/schemas';
import { DomainError, invalidFieldsError } from '../domain-errors.ts';
import { ACCOUNT_TEXT } from './account-errors.ts';
import { authorise, type AccountDependencies, type Done } from './account-actions.ts';
import { apiKeyHasher, newApiKey } from './secrets.ts';

export interface ApiKeyAnswer {
  id: number;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export async function createApiKey(deps: AccountDependencies, viewer: Viewer, name: string): Promise<ApiKeyAnswer & { key: string }> {
  authorise(viewer, 'user.editOwn');
  const trimmed = name.trim();
  if (trimmed === '') throw invalidFieldsError({ name: ['Required'] });
  const key = newApiKey();
  const row = await deps.repository.insertApiKey(viewer.userId, trimmed, apiKeyHasher(deps.config.jwtSecret)(key));
  return { id: row.id, name: row.name, createdAt: new Date(row.created_at).toISOString(), lastUsedAt: null, key };
}

export async function listApiKeys(deps: AccountDependencies, viewer: Viewer): Promise<ApiKeyAnswer[]> {
  authorise(viewer, 'user.viewPrivate');
  return (await deps.repository.listApiKeys(viewer.userId)).map((row) => ({
    id: row.id,
    name: row.name,
    createdAt: new Date(row.created_at).toISOString(),
    lastUsedAt: row.last_used_at === null ? null : new Date(row.last_used_at).toISOString(),
  }));
}

export async function revokeApiKey(deps: AccountDependencies, viewer: Viewer, keyId: number): Promise<Done> {
  authorise(viewer, 'user.editOwn');
  if (!(await deps.repository.revokeApiKey(viewer.userId, keyId))) throw new DomainError(404, ACCOUNT_TEXT.apiKeyNotFound);
  return { success: true, message: ACCOUNT_TEXT.deleted };
}
