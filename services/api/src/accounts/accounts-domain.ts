/** The accounts slice, as the app assembles it (domain-declaration.ts). */
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import { createAccountRepository } from './account-repository.ts';
import type { AccountDependencies } from './account-actions.ts';
import * as apiKeys from './api-key-service.ts';
import * as passwords from './password-service.ts';
import * as profiles from './profile-service.ts';
import * as sessions from './session-service.ts';
import * as signUp from './sign-up-service.ts';
import * as userAdmin from './user-admin-service.ts';
import { createAttemptLimiter } from './attempt-limits.ts';
import type { Mailer } from './mailer.ts';
import { accountRoutes } from './account-routes.ts';
import { userQueries, userTypeResolvers } from './account-resolvers.ts';

interface AccountInputs extends AppConnections {
  accountMailer: Mailer;
  signToken: AccountDependencies['signToken'];
}

const accountsServices = ({ db, redis, config, accountMailer, signToken, warn }: AccountInputs) => {
  const account: AccountDependencies = {
    repository: createAccountRepository(db),
    mailer: accountMailer,
    limiter: createAttemptLimiter(redis, config.queuePrefix),
    config,
    signToken,
    warn,
  };
  return {
    ...bindDependencies(account, {
      signUp: signUp.signUp, confirm: signUp.confirm, resendConfirmation: signUp.resendConfirmation,
      signIn: sessions.signIn, signOut: sessions.signOut, viewerForSession: sessions.viewerForSession, viewerForApiKey: sessions.viewerForApiKey,
      apiKeyWasRevoked: sessions.apiKeyWasRevoked,
      sessionForUser: sessions.sessionForUser, signInWithIdentity: sessions.signInWithIdentity,
      requestPasswordReset: passwords.requestPasswordReset, resetPassword: passwords.resetPassword, checkPassword: passwords.checkPassword,
      ownAccount: profiles.ownAccount, updateOwnAccount: profiles.updateOwnAccount, deleteOwnAccount: profiles.deleteOwnAccount,
      addMissingEmail: profiles.addMissingEmail, profile: profiles.profile,
      createApiKey: apiKeys.createApiKey, listApiKeys: apiKeys.listApiKeys, revokeApiKey: apiKeys.revokeApiKey,
      accountRows: userAdmin.accountRows, listUsers: userAdmin.listUsers, userForAdmin: userAdmin.userForAdmin,
      updateUserAsAdmin: userAdmin.updateUserAsAdmin, deleteUserAsAdmin: userAdmin.deleteUserAsAdmin,
      addUserAsOperator: userAdmin.addUserAsOperator, setRoleAsOperator: userAdmin.setRoleAsOperator, superCuratorExists: userAdmin.superCuratorExists,
    }),
    sessionAnswer: sessions.sessionAnswer,
    profileTypes: profiles.profileTypes,
    userRoles: userAdmin.userRoles,
  };
};

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    accounts: ReturnType<typeof accountsServices>;
  }
}

export const accountsDomain = defineDomain({
  name: 'accounts',
  services: accountsServices,
  routes: [accountRoutes],
  resolvers: { ...userTypeResolvers, Query: userQueries },
});
