import { Link as RouterLink } from 'react-router';
import { ContentPage } from '../shell/ContentPage.tsx';

/** /community_champions and /communitycuration. */
export function CommunityChampionsPage() {
  return (
    <ContentPage
      title="Community Champions"
      intro="Community Champions are volunteers who look after the records of their field, so the registry stays accurate where it matters most to them."
      sections={[
        {
          heading: 'What champions do',
          body: (
            <ul>
              <li>Review records in their domain: descriptions, subjects, status and links to other records.</li>
              <li>Contact the maintainers of resources to confirm or correct information.</li>
              <li>Register missing standards, databases and policies of their community.</li>
              <li>Tell us where the vocabularies (subjects, domains) need new terms.</li>
            </ul>
          ),
        },
        {
          heading: 'What you get',
          body: (
            <p>
              Recognition on the <RouterLink to="/community_champions/our_champions">champions page</RouterLink> and on the
              records you curate, training in curation, and a voice in how the registry describes your field.
            </p>
          ),
        },
        {
          heading: 'How to join',
          body: (
            <p>
              <RouterLink to="/accounts/signup">Create an account</RouterLink>, then contact the curation team (see{' '}
              <RouterLink to="/communities#contact">Communities</RouterLink>) telling us your field and the records you would
              like to look after. A curator will walk you through the curation guidelines.
            </p>
          ),
        },
      ]}
    />
  );
}
