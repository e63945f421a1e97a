/** Account routes of sessions (password and third-party sign-in), sign-up, confirmation and passwords. */
import type { FastifyInstance } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type } from '@sinclair/typebox';
import { ACCOUNT_TEXT, accountFailureBody } from './account-errors.ts';
import { viewerOfSessionToken } from './session-token.ts';
import { signInMethodsFor } from './sign-in-methods.ts';
import { callbackPath, createThirdPartySignIn, THIRD_PARTY_PROVIDERS } from './third-party-sign-in.ts';
import { CallbackQuery, CheckPasswordBody, ConfirmationAnswer, ConfirmationQuery, EmailBody, Failure, IdentifyAnswer, IdentifyBody, Message, SessionAnswer, SignInAnswer, SignInBody, UserBody, accountRoute } from './account-route-schemas.ts';

/** Sign-in and out, sign-up and confirmation, passwords. */
export function sessionRoutes(instance: FastifyInstance, tags: string[]): void {
  const app = instance.withTypeProvider<RouteInputsProvider>();
  const accounts = app.accounts;
  // --- sessions -------------------------------------------------------------------------------
  app.post(
    '/users/sign_in',
    accountRoute('anyone', { summary: 'Sign in with username or e-mail and password', tags, body: SignInBody, response: { 200: SignInAnswer } }),
    async (request) => accounts.signIn(request.body.user.login, request.body.user.password, request.clientAddress),
  );

  app.delete(
    '/users/sign_out',
    accountRoute('user.session', { summary: 'End this session: its token stops working at once', tags, response: { 200: Message } }),
    async (request) => accounts.signOut(request.session?.id ?? ''),
  );

  app.get(
    '/users/valid',
    accountRoute('user.session', { summary: 'Whether the token is a live session, and whose', tags, response: { 200: SessionAnswer } }),
    async (request) => accounts.sessionAnswer(request.viewer, request.session?.expiresAt ?? 0),
  );

  // --- sign-up and confirmation ---------------------------------------------------------------
  app.post(
    '/users',
    accountRoute('anyone', { summary: 'Create an account; a confirmation link is mailed', tags, body: UserBody, response: { 201: Message } }),
    async (request, reply) => reply.code(201).send(await accounts.signUp(request.body.user, request.clientAddress)),
  );

  app.get(
    '/users/confirmation',
    accountRoute('anyone', { summary: 'Confirm an e-mail address with the mailed token', tags, querystring: ConfirmationQuery, response: { 200: ConfirmationAnswer } }),
    async (request) => accounts.confirm(request.query.confirmation_token),
  );

  app.post(
    '/users/confirmation',
    accountRoute('anyone', { summary: 'Send the confirmation mail again', tags, body: EmailBody, response: { 200: Message } }),
    async (request) => accounts.resendConfirmation(request.body.user, request.clientAddress),
  );

  // --- passwords ---------------------------------------------------------------------------------
  app.post(
    '/users/password',
    accountRoute('anyone', { summary: 'Mail a one-time, expiring password reset link', tags, body: EmailBody, response: { 200: Message } }),
    async (request) => accounts.requestPasswordReset(request.body.user, request.clientAddress),
  );

  app.put(
    '/users/password',
    accountRoute('anyone', {
      summary: 'Set a new password with the mailed token (or, signed in, the current password); every session of the user ends',
      tags,
      body: UserBody,
      response: { 200: Message },
    }),
    async (request) => accounts.resetPassword(request.viewer, request.body.user, request.clientAddress),
  );

  app.post(
    '/users/check_password',
    accountRoute('user.editOwn', { summary: "Whether a password is the signed-in user's", tags, body: CheckPasswordBody, response: { 200: Type.Object({ success: Type.Boolean() }) } }),
    async (request) => accounts.checkPassword(request.viewer, request.body.password, request.clientAddress),
  );
}

/** ORCID and GitHub sign-in, and which ways the sign-in page offers for a login. */
export function thirdPartySignInRoutes(instance: FastifyInstance, tags: string[]): void {
  const app = instance.withTypeProvider<RouteInputsProvider>();
  const accounts = app.accounts;
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
  app.post(
    '/users/auth/identify_user',
    {
      config: { access: 'anyone' },
      schema: {
        summary: 'Which ways the sign-in page offers for a login (the same answer whether or not the account exists, docs/security.md); '
          + 'or, with {email, uid, identifier}, the e-mail address for the account an ORCID sign-in made without one',
        tags,
        body: IdentifyBody,
        response: { 200: IdentifyAnswer, 401: Failure },
      },
    },
    async (request, reply) => {
      const user = request.body.user;
      if ('login' in user) return signInMethodsFor(user.login, thirdParty.enabled);
      // The account is the one signed in (in Authorization, or the session token as identifier),
      // never one named by an ORCID iD: anyone may know someone's iD. Its own answer is
      // addMissingEmail's, which answers alike whether or not the address has an account.
      const viewer = request.viewer.userId !== null ? request.viewer
        : user.identifier ? await viewerOfSessionToken(app, user.identifier) : null;
      if (viewer === null) return reply.code(401).send(accountFailureBody(401, ACCOUNT_TEXT.orcidEmailNeedsSession));
      await accounts.addMissingEmail(viewer, { email: user.email });
      return { success: true, message: ACCOUNT_TEXT.orcidEmailSent };
    },
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
}
