/** Account routes of the signed-in person's own account and API keys, and the super curators' user administration. */
import type { FastifyInstance } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type } from '@sinclair/typebox';
import { Account, AccountAnswer, AccountChange, ApiKey, ApiKeyBody, EmailBody, IdParams, Message, OwnAccountAnswer, UserBody, UserListQuery, accountRoute } from './account-route-schemas.ts';

/** The signed-in person's own account and API keys. */
export function ownAccountRoutes(instance: FastifyInstance, tags: string[]): void {
  const app = instance.withTypeProvider<RouteInputsProvider>();
  const accounts = app.accounts;
  // --- own account ---------------------------------------------------------------------------------
  app.get(
    '/users/edit',
    accountRoute('user.viewPrivate', { summary: 'The signed-in user’s account', tags, response: { 200: OwnAccountAnswer } }),
    async (request) => accounts.ownAccount(request.viewer),
  );

  app.put(
    '/users',
    accountRoute('user.editOwn', {
      summary: 'Edit one’s profile (a new e-mail or password needs current_password). A new e-mail takes effect once the link mailed to it is followed (the old address is told); a new password ends every session and API key',
      tags,
      body: UserBody,
      response: { 200: AccountChange },
    }),
    async (request) => accounts.updateOwnAccount(request.viewer, request.body.user, request.clientAddress),
  );

  app.delete(
    '/users',
    accountRoute('user.editOwn', { summary: 'Delete one’s account: personal data goes, records keep a "deleted user" editor', tags, response: { 200: Message } }),
    async (request) => accounts.deleteOwnAccount(request.viewer),
  );

  app.get(
    '/users/profile_types',
    { config: { access: 'anyone' }, schema: { summary: 'Profile types a user may pick', tags, response: { 200: Type.Array(Type.String()) } } },
    async () => accounts.profileTypes(),
  );

  app.post(
    '/users/orcid/sendEmail',
    accountRoute('user.editOwn', { summary: 'Give an e-mail address to an account made by ORCID sign-in without one', tags, body: EmailBody, response: { 200: Message } }),
    async (request) => accounts.addMissingEmail(request.viewer, request.body.user),
  );

  // --- API keys ----------------------------------------------------------------------------------------
  app.get(
    '/users/api_keys',
    accountRoute('user.viewPrivate', { summary: 'One’s API keys (never the keys themselves)', tags, response: { 200: Type.Array(ApiKey) } }),
    async (request) => accounts.listApiKeys(request.viewer),
  );

  app.post(
    '/users/api_keys',
    accountRoute('user.editOwn', {
      summary: 'Create a named, read-only API key; the key is in this answer only',
      tags,
      body: ApiKeyBody,
      response: { 201: Type.Intersect([ApiKey, Type.Object({ key: Type.String() })]) },
    }),
    async (request, reply) => reply.code(201).send(await accounts.createApiKey(request.viewer, request.body.api_key.name)),
  );

  app.delete(
    '/users/api_keys/:id',
    accountRoute('user.editOwn', { summary: 'Revoke an API key', tags, params: IdParams, response: { 200: Message } }),
    async (request) => accounts.revokeApiKey(request.viewer, request.params.id),
  );
}

/** Super curators: the users list and any account. */
export function userAdminRoutes(instance: FastifyInstance): void {
  const app = instance.withTypeProvider<RouteInputsProvider>();
  const accounts = app.accounts;
  // --- super curators ------------------------------------------------------------------------------------
  const tags = ['user admin'];
  app.get(
    '/user_admin',
    accountRoute('user.admin', { summary: 'Every user (q filters by username or e-mail)', tags, querystring: UserListQuery, response: { 200: Type.Array(Account) } }),
    async (request) => accounts.listUsers(request.viewer, request.query.q),
  );

  app.get(
    '/user_admin/:id',
    accountRoute('user.admin', { summary: 'One user', tags, params: IdParams, response: { 200: AccountAnswer } }),
    async (request) => accounts.userForAdmin(request.viewer, request.params.id),
  );

  app.put(
    '/user_admin/:id',
    accountRoute('user.manage', {
      summary: "Set a user's role, deactivate or reactivate them, or edit their public profile (role and activation changes end their sessions)",
      tags,
      params: IdParams,
      body: UserBody,
      response: { 200: AccountChange },
    }),
    async (request) => accounts.updateUserAsAdmin(request.viewer, request.params.id, request.body.user),
  );

  app.delete(
    '/user_admin/:id',
    accountRoute('user.manage', { summary: 'Delete a user (personal data removed)', tags, params: IdParams, response: { 200: Message } }),
    async (request) => accounts.deleteUserAsAdmin(request.viewer, request.params.id),
  );

  app.get(
    '/user_roles',
    accountRoute('user.admin', { summary: 'The roles a user may have', tags, response: { 200: Type.Array(Type.String()) } }),
    async (request) => accounts.userRoles(request.viewer),
  );
}
