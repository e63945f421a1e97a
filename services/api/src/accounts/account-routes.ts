/**
 * REST calls of SPEC §7 "Users" and "Admin", with the bodies FAIRsharing clients send
 * (`{user: {...}}`) and the answers they read (`success`, `message`, `jwt`, `expiry`, flags).
 * Thin: each handler hands the body to one service function. `config.access` names the action
 * a route needs (the auth plugin refuses others; the authorisation-matrix test reads it).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { USER_ROLES } from '@registry/schemas';
import { ID_RANGE, MAX_IDS_PER_LIST } from '@registry/schemas/forms/bounds.ts';
import { PROFILE_PREFERENCES } from '@registry/schemas/forms/profile-settings.ts';
import { accountFailureBody } from './account-errors.ts';
import { DomainError } from '../domain-errors.ts';
import { TooManyAttempts } from './attempt-limits.ts';
import { signInMethodsFor } from './sign-in-methods.ts';
import { callbackPath, createThirdPartySignIn, THIRD_PARTY_PROVIDERS } from './third-party-sign-in.ts';

const short = (description?: string) => Type.String({ maxLength: 320, ...(description ? { description } : {}) });
const password = () => Type.String({ maxLength: 1000 });
const optional = <T extends TSchema>(schema: T) => Type.Optional(schema);

/** Every field a `{user: {...}}` body may carry; each call uses its own subset. */
const UserFields = Type.Object(
  {
    login: optional(short('username or e-mail')),
    username: optional(short()),
    email: optional(short()),
    password: optional(password()),
    password_confirmation: optional(password()),
    current_password: optional(password()),
    reset_password_token: optional(short()),
    first_name: optional(short()),
    last_name: optional(short()),
    homepage: optional(Type.String({ maxLength: 2000 })),
    orcid: optional(short()),
    twitter: optional(short()),
    mastodon: optional(short()),
    bluesky: optional(short()),
    profile_type: optional(short()),
    role: optional(Type.Union(USER_ROLES.map((role) => Type.Literal(role)))),
    deactivated: optional(Type.Boolean()),
    // A record, not a closed object: the validator would drop an unknown key silently, the service refuses it.
    preferences: optional(Type.Record(Type.String({ maxLength: 100 }), Type.Boolean(), {
      maxProperties: 20,
      description: `own account only: preferences to change (the others stay): ${Object.entries(PROFILE_PREFERENCES).map(([key, meaning]) => `${key} (${meaning})`).join('; ')}`,
    })),
    organisation_ids: optional(Type.Array(Type.Integer(ID_RANGE), {
      maxItems: MAX_IDS_PER_LIST,
      uniqueItems: true,
      description: 'own account only: every organisation the user belongs to (replaces the list)',
    })),
  },
  { additionalProperties: false },
);
const UserBody = Type.Object({ user: UserFields });
type UserBody = Static<typeof UserBody>;
const SignInBody = Type.Object({ user: Type.Object({ login: short('username or e-mail'), password: password() }) });
type SignInBody = Static<typeof SignInBody>;
const IdentifyBody = Type.Object({ user: Type.Object({ login: short('username, e-mail or ORCID iD') }) });
type IdentifyBody = Static<typeof IdentifyBody>;
const SignInMethodName = Type.Union([Type.Literal('password'), ...THIRD_PARTY_PROVIDERS.map((provider) => Type.Literal(provider))]);
const IdentifyAnswer = Type.Object({ methods: Type.Array(SignInMethodName), suggested: SignInMethodName });
const EmailBody = Type.Object({ user: Type.Object({ email: short() }) });
type EmailBody = Static<typeof EmailBody>;
const ConfirmationQuery = Type.Object({ confirmation_token: Type.String({ maxLength: 200 }) });
type ConfirmationQuery = Static<typeof ConfirmationQuery>;
const CheckPasswordBody = Type.Object({ password: password() });
type CheckPasswordBody = Static<typeof CheckPasswordBody>;
const IdParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
type IdParams = Static<typeof IdParams>;
const UserListQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 200 })) });
type UserListQuery = Static<typeof UserListQuery>;
const ApiKeyBody = Type.Object({ api_key: Type.Object({ name: Type.String({ maxLength: 100 }) }) });
type ApiKeyBody = Static<typeof ApiKeyBody>;
const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 2000 })),
  state: Type.Optional(Type.String({ maxLength: 200 })),
  iss: Type.Optional(Type.String({ maxLength: 2000 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
  error_description: Type.Optional(Type.String({ maxLength: 2000 })),
});

const Message = Type.Object({ success: Type.Boolean(), message: Type.String() });
/** A confirmation link's answer: `already_confirmed` when the link had been followed before. */
const ConfirmationAnswer = Type.Object({ success: Type.Boolean(), message: Type.String(), already_confirmed: Type.Optional(Type.Boolean()) });
const Flags = {
  username: Type.String(),
  id: Type.Integer(),
  is_curator: Type.Boolean(),
  is_super_curator: Type.Boolean(),
  role: Type.String(),
};
const SignInAnswer = Type.Object({
  success: Type.Literal(true),
  jwt: Type.String(),
  expiry: Type.Integer({ description: 'when the token stops working, in seconds since 1970' }),
  ...Flags,
});
const SessionAnswer = Type.Object({ success: Type.Literal(true), expiry: Type.Integer({ description: 'when the token stops working, in seconds since 1970' }), ...Flags });
const nullableText = Type.Union([Type.String(), Type.Null()]);
const Account = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: nullableText,
  unconfirmed_email: Type.Union([Type.String(), Type.Null()], { description: 'a new address waiting for its mailed link; email stays the confirmed one until then' }),
  first_name: nullableText,
  last_name: nullableText,
  homepage: nullableText,
  orcid: nullableText,
  twitter: nullableText,
  mastodon: nullableText,
  bluesky: nullableText,
  third_party: Type.Boolean(),
  awards: Type.Array(Type.String()),
  role: Type.String(),
  profile_type: nullableText,
  preferences: Type.Object({}, { additionalProperties: true }),
  deactivated: Type.Boolean(),
  is_curator: Type.Boolean(),
  is_super_curator: Type.Boolean(),
  confirmed: Type.Boolean(),
  created_at: Type.String(),
  organisations: Type.Optional(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }), { description: 'own account: the organisations the user belongs to' })),
});
const AccountAnswer = Type.Object({ success: Type.Literal(true), user: Account });
/** The own account: its fields at the top level (FAIRsharing's client reads them there) and under `user`. */
const OwnAccountAnswer = Type.Object({ ...Account.properties, success: Type.Literal(true), user: Account });
const AccountChange = Type.Object({ success: Type.Literal(true), message: Type.String(), user: Account });
const ApiKey = Type.Object({ id: Type.Integer(), name: Type.String(), createdAt: Type.String(), lastUsedAt: nullableText });
const Failure = Type.Object({
  success: Type.Literal(false),
  error: Type.String({ description: 'the reason, as FAIRsharing clients show it' }),
  message: Type.String({ description: 'the same reason' }),
  statusCode: Type.Integer(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});
const failures = { 401: Failure, 403: Failure, 404: Failure, 422: Failure, 429: Failure };

/** Account failures answer with their status and text; null for anything else. */
function sendFailure(error: unknown, reply: FastifyReply): FastifyReply | null {
  if (error instanceof TooManyAttempts) {
    return reply.code(429).header('retry-after', String(error.retryAfterSeconds)).send(accountFailureBody(429, error.message));
  }
  if (error instanceof DomainError) return reply.code(error.statusCode).send(accountFailureBody(error.statusCode, error.message, error.fieldErrors));
  return null;
}

export async function accountRoutes(app: FastifyInstance): Promise<void> {
  const accounts = app.accounts;
  // Everything that is not an account failure (validation, rate limit, faults) keeps the app's handling.
  const appErrorHandler = app.errorHandler;
  app.setErrorHandler(function accountErrorHandler(error, request, reply) {
    return sendFailure(error, reply) ?? appErrorHandler.call(this, error, request, reply);
  });
  const tags = ['users'];

  // --- sessions -------------------------------------------------------------------------------
  app.post<{ Body: SignInBody }>(
    '/users/sign_in',
    {
      config: { access: 'anyone' },
      schema: { summary: 'Sign in with username or e-mail and password', tags, body: SignInBody, response: { 200: SignInAnswer, ...failures } },
    },
    async (request) => accounts.signIn(request.body.user.login, request.body.user.password, request.ip),
  );

  app.delete(
    '/users/sign_out',
    { config: { access: 'user.session' }, schema: { summary: 'End this session: its token stops working at once', tags, response: { 200: Message, ...failures } } },
    async (request) => accounts.signOut(request.session?.id ?? ''),
  );

  app.get(
    '/users/valid',
    { config: { access: 'user.session' }, schema: { summary: 'Whether the token is a live session, and whose', tags, response: { 200: SessionAnswer, ...failures } } },
    async (request) => accounts.sessionAnswer(request.viewer, request.session?.expiresAt ?? 0),
  );

  // --- sign-up and confirmation ---------------------------------------------------------------
  app.post<{ Body: UserBody }>(
    '/users',
    {
      config: { access: 'anyone' },
      schema: { summary: 'Create an account; a confirmation link is mailed', tags, body: UserBody, response: { 201: Message, ...failures } },
    },
    async (request, reply) => reply.code(201).send(await accounts.signUp(request.body.user, request.ip)),
  );

  app.get<{ Querystring: ConfirmationQuery }>(
    '/users/confirmation',
    {
      config: { access: 'anyone' },
      schema: { summary: 'Confirm an e-mail address with the mailed token', tags, querystring: ConfirmationQuery, response: { 200: ConfirmationAnswer, ...failures } },
    },
    async (request) => accounts.confirm(request.query.confirmation_token),
  );

  app.post<{ Body: EmailBody }>(
    '/users/confirmation',
    {
      config: { access: 'anyone' },
      schema: { summary: 'Send the confirmation mail again', tags, body: EmailBody, response: { 200: Message, ...failures } },
    },
    async (request) => accounts.resendConfirmation(request.body.user, request.ip),
  );

  // --- passwords ---------------------------------------------------------------------------------
  app.post<{ Body: EmailBody }>(
    '/users/password',
    {
      config: { access: 'anyone' },
      schema: { summary: 'Mail a one-time, expiring password reset link', tags, body: EmailBody, response: { 200: Message, ...failures } },
    },
    async (request) => accounts.requestPasswordReset(request.body.user, request.ip),
  );

  app.put<{ Body: UserBody }>(
    '/users/password',
    {
      config: { access: 'anyone' },
      schema: {
        summary: 'Set a new password with the mailed token (or, signed in, the current password); every session of the user ends',
        tags,
        body: UserBody,
        response: { 200: Message, ...failures },
      },
    },
    async (request) => accounts.resetPassword(request.viewer, request.body.user, request.ip),
  );

  app.post<{ Body: CheckPasswordBody }>(
    '/users/check_password',
    {
      config: { access: 'user.editOwn' },
      schema: { summary: "Whether a password is the signed-in user's", tags, body: CheckPasswordBody, response: { 200: Type.Object({ success: Type.Boolean() }), ...failures } },
    },
    async (request) => accounts.checkPassword(request.viewer, request.body.password, request.ip),
  );

  // --- own account ---------------------------------------------------------------------------------
  app.get(
    '/users/edit',
    { config: { access: 'user.viewPrivate' }, schema: { summary: 'The signed-in user’s account', tags, response: { 200: OwnAccountAnswer, ...failures } } },
    async (request) => accounts.ownAccount(request.viewer),
  );

  app.put<{ Body: UserBody }>(
    '/users',
    {
      config: { access: 'user.editOwn' },
      schema: {
        summary: 'Edit one’s profile (a new e-mail or password needs current_password). A new e-mail takes effect once the link mailed to it is followed (the old address is told); a new password ends every session and API key',
        tags,
        body: UserBody,
        response: { 200: AccountChange, ...failures },
      },
    },
    async (request) => accounts.updateOwnAccount(request.viewer, request.body.user, request.ip),
  );

  app.delete(
    '/users',
    {
      config: { access: 'user.editOwn' },
      schema: { summary: 'Delete one’s account: personal data goes, records keep a "deleted user" editor', tags, response: { 200: Message, ...failures } },
    },
    async (request) => accounts.deleteOwnAccount(request.viewer),
  );

  app.get(
    '/users/profile_types',
    { config: { access: 'anyone' }, schema: { summary: 'Profile types a user may pick', tags, response: { 200: Type.Array(Type.String()) } } },
    async () => accounts.profileTypes(),
  );

  app.post<{ Body: EmailBody }>(
    '/users/orcid/sendEmail',
    {
      config: { access: 'user.editOwn' },
      schema: { summary: 'Give an e-mail address to an account made by ORCID sign-in without one', tags, body: EmailBody, response: { 200: Message, ...failures } },
    },
    async (request) => accounts.addMissingEmail(request.viewer, request.body.user),
  );

  // --- API keys ----------------------------------------------------------------------------------------
  app.get(
    '/users/api_keys',
    { config: { access: 'user.viewPrivate' }, schema: { summary: 'One’s API keys (never the keys themselves)', tags, response: { 200: Type.Array(ApiKey), ...failures } } },
    async (request) => accounts.listApiKeys(request.viewer),
  );

  app.post<{ Body: ApiKeyBody }>(
    '/users/api_keys',
    {
      config: { access: 'user.editOwn' },
      schema: {
        summary: 'Create a named, read-only API key; the key is in this answer only',
        tags,
        body: ApiKeyBody,
        response: { 201: Type.Intersect([ApiKey, Type.Object({ key: Type.String() })]), ...failures },
      },
    },
    async (request, reply) => reply.code(201).send(await accounts.createApiKey(request.viewer, request.body.api_key.name)),
  );

  app.delete<{ Params: IdParams }>(
    '/users/api_keys/:id',
    { config: { access: 'user.editOwn' }, schema: { summary: 'Revoke an API key', tags, params: IdParams, response: { 200: Message, ...failures } } },
    async (request) => accounts.revokeApiKey(request.viewer, request.params.id),
  );

  // --- third-party sign-in ----------------------------------------------------------------------------------
  const thirdParty = createThirdPartySignIn(app.config, app.redis);
  const publicUrl = app.config.publicUrl;
  app.get(
    '/users/auth/providers',
    {
      config: { access: 'anyone' },
      schema: { summary: 'Which third-party sign-ins are configured', tags, response: { 200: Type.Object({ orcid: Type.Boolean(), github: Type.Boolean() }) } },
    },
    async () => thirdParty.enabled,
  );
  app.post<{ Body: IdentifyBody }>(
    '/users/auth/identify_user',
    {
      config: { access: 'anyone' },
      schema: {
        summary: 'Which ways the sign-in page offers for a login: the same answer whether or not the account exists (docs/security.md)',
        tags,
        body: IdentifyBody,
        response: { 200: IdentifyAnswer },
      },
    },
    async (request) => signInMethodsFor(request.body.user.login, thirdParty.enabled),
  );
  for (const provider of THIRD_PARTY_PROVIDERS) {
    app.get(
      `/users/auth/${provider}`,
      { config: { access: 'anyone' }, schema: { summary: `Start ${provider} sign-in (redirects to ${provider})`, tags, response: { 404: Failure } } },
      async (_request, reply) => {
        if (!thirdParty.enabled[provider]) return reply.code(404).send(accountFailureBody(404, `${provider} sign-in is not configured.`));
        return reply.redirect((await thirdParty.start(provider)).href);
      },
    );
    app.get(
      callbackPath(provider),
      {
        config: { access: 'anyone' },
        schema: {
          summary: `Where ${provider} returns: creates or links the account, then redirects to /login_success?jwt=…&expiry=… or /login_failure`,
          tags,
          querystring: CallbackQuery,
        },
      },
      async (request, reply) => {
        try {
          const identity = await thirdParty.finish(provider, new URL(request.url, publicUrl));
          const answer = await accounts.signInWithIdentity(identity);
          const query = new URLSearchParams({ jwt: answer.jwt, expiry: String(answer.expiry) });
          if (answer.needsEmail) query.set('goTo', '/users/orcid/sendEmail');
          return reply.redirect(`${publicUrl}/login_success?${query}`);
        } catch (error) {
          request.log.warn({ provider, reason: error instanceof Error ? error.message : String(error) }, 'third-party sign-in failed');
          return reply.redirect(`${publicUrl}/login_failure`);
        }
      },
    );
  }

  // --- super curators ------------------------------------------------------------------------------------
  const adminTags = ['user admin'];
  app.get<{ Querystring: UserListQuery }>(
    '/user_admin',
    {
      config: { access: 'user.admin' },
      schema: { summary: 'Every user (q filters by username or e-mail)', tags: adminTags, querystring: UserListQuery, response: { 200: Type.Array(Account), ...failures } },
    },
    async (request) => accounts.listUsers(request.viewer, request.query.q),
  );

  app.get<{ Params: IdParams }>(
    '/user_admin/:id',
    { config: { access: 'user.admin' }, schema: { summary: 'One user', tags: adminTags, params: IdParams, response: { 200: AccountAnswer, ...failures } } },
    async (request) => accounts.userForAdmin(request.viewer, request.params.id),
  );

  app.put<{ Params: IdParams; Body: UserBody }>(
    '/user_admin/:id',
    {
      config: { access: 'user.manage' },
      schema: {
        summary: "Set a user's role, deactivate or reactivate them, or edit their public profile (role and activation changes end their sessions)",
        tags: adminTags,
        params: IdParams,
        body: UserBody,
        response: { 200: AccountChange, ...failures },
      },
    },
    async (request) => accounts.updateUserAsAdmin(request.viewer, request.params.id, request.body.user),
  );

  app.delete<{ Params: IdParams }>(
    '/user_admin/:id',
    { config: { access: 'user.manage' }, schema: { summary: 'Delete a user (personal data removed)', tags: adminTags, params: IdParams, response: { 200: Message, ...failures } } },
    async (request) => accounts.deleteUserAsAdmin(request.viewer, request.params.id),
  );

  app.get(
    '/user_roles',
    { config: { access: 'user.admin' }, schema: { summary: 'The roles a user may have', tags: adminTags, response: { 200: Type.Array(Type.String()), ...failures } } },
    async (request) => accounts.userRoles(request.viewer),
  );
}
