/** The claims slice as the app assembles it: its services, routes and resolvers (domain-declaration.ts). */
import { defineDomain, type AppConnections } from '../domain-declaration.ts';
import { bindDependencies } from '../kernel/bind-dependencies.ts';
import type { CommunityMail } from '../accounts/mailer.ts';
import * as claims from './claim-service.ts';
import { claimRoutes } from './claim-routes.ts';

const claimsServices = ({ db, publisher, communityMail, warn }: AppConnections & { communityMail: CommunityMail }) =>
  bindDependencies({ db, publisher, mailer: communityMail.mailer, mailContext: communityMail.context, warn }, {
    requestClaim: claims.requestClaim, claimState: claims.claimState, decideClaim: claims.decideClaim, stopMaintaining: claims.stopMaintaining,
  });

declare module '../kernel/graphql-context.ts' {
  interface DomainServices {
    claims: ReturnType<typeof claimsServices>;
  }
}

export const claimsDomain = defineDomain({
  name: 'claims',
  services: claimsServices,
  routes: [claimRoutes],
});
