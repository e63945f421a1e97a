import { Link as RouterLink } from 'react-router';
import { DOI_RULE_SENTENCE } from '@registry/schemas/curation/doi-rule.ts';
import { useSession } from '../state/hooks.ts';
import { useSiteConfig } from '../state/siteConfig.ts';
import { ContentPage } from '../shell/ContentPage.tsx';

/** /new: how to add content to the registry. */
export function NewContentPage() {
  const { siteName } = useSiteConfig();
  const signedIn = !!useSession().user;
  return (
    <ContentPage
      title="Add content"
      intro={`Anyone with an account can describe a standard, a database, a policy or a collection in ${siteName}. Curators review every new record before it is published.`}
      sections={[
        {
          heading: 'Before you start',
          body: (
            <>
              <p>
                <RouterLink to="/search">Search the registry</RouterLink> first: the resource may already be described. If it
                is, you can ask to maintain the existing record instead of creating a new one.
              </p>
              <ul>
                <li>Have the resource's name, abbreviation, homepage and a short description ready.</li>
                <li>Know which subjects, domains and species it covers; these make it findable.</li>
                <li>Collect related publications (DOI or PubMed id), licences and the organisations that maintain or fund it.</li>
              </ul>
            </>
          ),
        },
        {
          heading: 'Create a record',
          body: (
            <ol>
              {signedIn ? (
                <li>You are logged in.</li>
              ) : (
                <li>
                  <RouterLink to="/accounts/signup">Create an account</RouterLink> or <RouterLink to="/accounts/login">log in</RouterLink>.
                </li>
              )}
              <li>
                Open <RouterLink to="/create">the new record form</RouterLink> and choose the registry and record type.
              </li>
              <li>Fill in the general information; the form warns you if a similar record already exists.</li>
              <li>Save. The record stays hidden until a curator approves it, usually within a few working days. {DOI_RULE_SENTENCE}</li>
              <li>Then add licences, publications, organisations and relations to other records from the edit page.</li>
            </ol>
          ),
        },
        {
          heading: 'Keep it up to date',
          body: (
            <p>
              Maintainers of a record can edit it at any time and are asked to review it at least once a year. A record that
              is no longer maintained can be marked as deprecated, with a reason, so that people who cite it still find it.
            </p>
          ),
        },
      ]}
    />
  );
}
