import { Link as RouterLink } from 'react-router';
import { ContentPage } from '../shell/ContentPage.tsx';

/** /terms: terms of use. */
export function TermsPage() {
  return (
    <ContentPage
      title="Terms of use"
      intro="By using this site you agree to these terms. They protect the quality of the content and the people who contribute it."
      sections={[
        {
          heading: 'Content',
          body: (
            <p>
              Records are curated with care but provided as they are, without warranty. Descriptions of third-party resources
              do not imply endorsement. Reuse of the content follows the <RouterLink to="/licence">licence</RouterLink>.
            </p>
          ),
        },
        {
          heading: 'Contributions',
          body: (
            <ul>
              <li>Contribute only information you have the right to share, and describe resources accurately.</li>
              <li>Your contributions are published under the site licence and attributed to your public profile.</li>
              <li>Curators may edit, hide or reject contributions that are inaccurate, promotional or out of scope.</li>
            </ul>
          ),
        },
        {
          heading: 'Accounts and the API',
          body: (
            <p>
              Keep your credentials private. Automated access should use the public API with reasonable request rates;
              abusive traffic may be rate-limited or blocked. Accounts used to spam or vandalise records are deactivated.
            </p>
          ),
        },
        {
          heading: 'Changes',
          body: <p>These terms may change; the date of the latest version is announced in the public messages.</p>,
        },
      ]}
    />
  );
}
