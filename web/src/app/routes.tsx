/**
 * The route table of the whole app (SPEC §2). Every screen is its own chunk, loaded with the
 * 120 s time-out; redirects come from the one table in
 * @registry/schemas/web/redirects.ts, and the server learns every page path from
 * @registry/schemas/web/page-paths.ts (routes.test.ts keeps the two in step).
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AppRoot } from './AppRoot.tsx';
import { lazyScreen } from '../kit/loadScreen.ts';
import { RedirectRoute } from './RedirectRoute.tsx';
import { REDIRECTS, OBJECT_TYPES_DOC_PATH } from '@registry/schemas/web/redirects.ts';
import { RequireLogin } from './RequireLogin.tsx';
import type { RouteHandle } from '../kit/routeHandle.ts';
import { NotFoundPage } from '../shell/NotFoundPage.tsx';
import { RouteErrorPage } from '../shell/RouteErrorPage.tsx';
import { PageLoading } from '../kit/PageLoading.tsx';
import type { RegistryName } from '@registry/schemas';
import type { Action } from '@registry/schemas/access/policy.ts';

function handle(value: RouteHandle): RouteHandle {
  return value;
}

const searchPage = lazyScreen(() => import('../search/SearchPage.tsx'), (module) => module.SearchPage);
const recordPage = lazyScreen(() => import('../record/RecordPage.tsx'), (module) => module.RecordPage);

function registryListing(path: string, title: string, registry: RegistryName): RouteObject {
  return { path, lazy: searchPage, handle: handle({ title, registry, hero: 'by-registry' }) };
}

/** A page of ours, loaded from `pages/<file>` and exported as `name`. */
function page(path: string, title: string | undefined, load: RouteObject['lazy'], extra: RouteHandle = {}): RouteObject {
  return { path, lazy: load, handle: handle({ title, ...extra }) };
}

/**
 * Puts a lazily loaded screen behind the login guard of SPEC §6. The guard decides first (the
 * session is known at start-up): a visitor it sends to the login page never loads the screen's code.
 */
function requireLogin(load: () => Promise<{ Component: ComponentType }>, action?: Action): RouteObject['lazy'] {
  const Screen = lazy(async () => ({ default: (await load()).Component }));
  const Guarded = () => (
    <RequireLogin action={action}>
      <Suspense fallback={<PageLoading />}>
        <Screen />
      </Suspense>
    </RequireLogin>
  );
  return async () => ({ Component: Guarded });
}

const staticPage = (path: string, title: string, load: RouteObject['lazy']) => page(path, title, load);

export const routes: RouteObject[] = [
  {
    element: <AppRoot />,
    errorElement: <RouteErrorPage />,
    hydrateFallbackElement: <PageLoading />,
    children: [
      page('/', 'Home', lazyScreen(() => import('../home/HomePage.tsx'), (m) => m.HomePage)),
      { path: '/search', lazy: searchPage, handle: handle({ title: 'Search', hero: 'by-registry' }) },
      registryListing('/standards', 'Standards', 'standard'),
      registryListing('/databases', 'Databases', 'database'),
      registryListing('/policies', 'Policies', 'policy'),
      registryListing('/collections', 'Collections', 'collection'),
      {
        path: '/advancedsearch',
        handle: handle({ title: 'Advanced search' }),
        lazy: lazyScreen(() => import('../advanced-search/AdvancedSearchPage.tsx'), (m) => m.AdvancedSearchPage),
      },
      page('/organisations', 'Organisations', lazyScreen(() => import('../organisations/OrganisationsPage.tsx'), (m) => m.OrganisationsPage)),
      page('/organisations/:id', undefined, lazyScreen(() => import('../organisations/OrganisationPage.tsx'), (m) => m.OrganisationPage)),
      // Titled by the page, after its vocabulary ("Browse subjects"): a route title would be set after it.
      page('/browse/:id', undefined, lazyScreen(() => import('../browse/BrowsePage.tsx'), (m) => m.BrowsePage)),
      page('/graph/:id', 'Relation graph', lazyScreen(() => import('../graph/GraphPage.tsx'), (m) => m.GraphPage)),

      staticPage('/new', 'Add content', lazyScreen(() => import('../static/NewContentPage.tsx'), (m) => m.NewContentPage)),
      staticPage('/summary-statistics', 'Statistics', lazyScreen(() => import('../statistics/SummaryStatisticsPage.tsx'), (m) => m.SummaryStatisticsPage)),
      staticPage('/communities', 'Communities', lazyScreen(() => import('../static/CommunitiesPage.tsx'), (m) => m.CommunitiesPage)),
      staticPage('/community_champions', 'Community Champions', lazyScreen(() => import('../static/CommunityChampionsPage.tsx'), (m) => m.CommunityChampionsPage)),
      staticPage('/community_champions/our_champions', 'Our Champions', lazyScreen(() => import('../static/OurChampionsPage.tsx'), (m) => m.OurChampionsPage)),
      staticPage('/communitycuration', 'Community Curation', lazyScreen(() => import('../static/CommunityChampionsPage.tsx'), (m) => m.CommunityChampionsPage)),
      staticPage('/stakeholders', 'Stakeholders', lazyScreen(() => import('../static/StakeholdersPage.tsx'), (m) => m.StakeholdersPage)),
      staticPage('/timeline', 'Timeline', lazyScreen(() => import('../statistics/TimelinePage.tsx'), (m) => m.TimelinePage)),
      staticPage('/licence', 'Licence', lazyScreen(() => import('../static/LicencePage.tsx'), (m) => m.LicencePage)),
      staticPage('/terms', 'Terms of use', lazyScreen(() => import('../static/TermsPage.tsx'), (m) => m.TermsPage)),
      staticPage('/educational', 'Educational', lazyScreen(() => import('../static/EducationalPage.tsx'), (m) => m.EducationalPage)),
      staticPage('/privacy', 'Privacy', lazyScreen(() => import('../static/PrivacyPage.tsx'), (m) => m.PrivacyPage)),
      staticPage('/sustainability_and_preservation', 'Sustainability and preservation', lazyScreen(() => import('../static/SustainabilityPage.tsx'), (m) => m.SustainabilityPage)),
      staticPage('/API_doc', 'API documentation', lazyScreen(() => import('../static/ApiDocPage.tsx'), (m) => m.ApiDocPage)),
      staticPage(OBJECT_TYPES_DOC_PATH, 'Object types', lazyScreen(() => import('../static/ObjectTypesPage.tsx'), (m) => m.ObjectTypesPage)),

      page('/maintenance', 'Maintenance', lazyScreen(() => import('../curator/MaintenancePage.tsx'), (m) => m.MaintenancePage)),
      { path: '/error/404', element: <NotFoundPage />, handle: handle({ title: 'Page not found' }) },
      page('/error/500', 'Server error', lazyScreen(() => import('../shell/ServerErrorPage.tsx'), (m) => m.ServerErrorPage)),

      page('/accounts/login', 'Login', lazyScreen(() => import('../account/LoginPage.tsx'), (m) => m.LoginPage)),
      page('/accounts/signup', 'Sign up', lazyScreen(() => import('../account/SignupPage.tsx'), (m) => m.SignupPage)),
      page('/login_success', 'Login successful', lazyScreen(() => import('../account/ThirdPartyOutcomePages.tsx'), (m) => m.LoginSuccessPage)),
      page('/login_failure', 'Login failed', lazyScreen(() => import('../account/ThirdPartyOutcomePages.tsx'), (m) => m.LoginFailurePage)),
      page('/users/confirmation', 'Account confirmation', lazyScreen(() => import('../account/ConfirmationPage.tsx'), (m) => m.ConfirmationPage)),
      page('/users/resendConfirmation', 'Resend confirmation', lazyScreen(() => import('../account/EmailRequestPages.tsx'), (m) => m.ResendConfirmationPage)),
      page('/accounts/forgotPassword', 'Forgotten password', lazyScreen(() => import('../account/EmailRequestPages.tsx'), (m) => m.ForgotPasswordPage)),
      page('/users/password/edit', 'Reset password', lazyScreen(() => import('../account/PasswordEditPage.tsx'), (m) => m.PasswordEditPage)),
      page('/users/orcid/sendEmail', 'ORCID login', requireLogin(lazyScreen(() => import('../account/EmailRequestPages.tsx'), (m) => m.OrcidEmailPage))),
      page('/users/:id', 'User profile', lazyScreen(() => import('../account/PublicProfilePage.tsx'), (m) => m.PublicProfilePage)),
      page('/accounts/profile', 'Your profile', requireLogin(lazyScreen(() => import('../account/ProfilePage.tsx'), (m) => m.ProfilePage))),
      page('/accounts/webhooks', 'Webhooks', requireLogin(lazyScreen(() => import('../account/WebhooksPage.tsx'), (m) => m.WebhooksPage))),
      page('/profiles/edit', 'Edit profile', requireLogin(lazyScreen(() => import('../account/ProfileEditPage.tsx'), (m) => m.ProfileEditPage))),
      page('/create', 'New record', requireLogin(lazyScreen(() => import('../editor/CreateRecordPage.tsx'), (m) => m.CreateRecordPage))),
      page('/create-fairassist', 'New FAIRassist record', requireLogin(lazyScreen(() => import('../editor/CreateRecordPage.tsx'), (m) => m.CreateRecordPage))),
      page('/curator', 'Curator dashboard', requireLogin(lazyScreen(() => import('../curator/CuratorPage.tsx'), (m) => m.CuratorPage))),
      page('/:id/edit', 'Edit record', requireLogin(lazyScreen(() => import('../editor/EditRecordPage.tsx'), (m) => m.EditRecordPage))),
      page(
        '/profiles/editPublicProfile/:id',
        'Edit public profile',
        requireLogin(lazyScreen(() => import('../account/EditPublicProfilePage.tsx'), (m) => m.EditPublicProfilePage), 'user.manage'),
      ),
      page('/profiles/usersList', 'Users list', requireLogin(lazyScreen(() => import('../account/UsersListPage.tsx'), (m) => m.UsersListPage), 'user.admin')),

      ...REDIRECTS.map((rule): RouteObject => ({ path: rule.path, element: <RedirectRoute rule={rule} /> })),

      { path: '/10.25504/:id', lazy: recordPage },
      { path: '/:id', lazy: recordPage },
      { path: '*', element: <NotFoundPage />, handle: handle({ title: 'Page not found' }) },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
