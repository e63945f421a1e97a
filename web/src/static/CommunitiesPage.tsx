import { Link as RouterLink } from 'react-router';
import { useSiteConfig } from '../state/siteConfig.ts';
import { ContentPage } from '../shell/ContentPage.tsx';

/** /communities (with the #activities and #contact anchors used by redirects and the footer). */
export function CommunitiesPage() {
  const { siteName } = useSiteConfig();
  return (
    <ContentPage
      title="Communities"
      intro={`${siteName} is built with and for the communities that create, maintain and use data standards, databases and policies.`}
      sections={[
        {
          id: 'who',
          heading: 'Who takes part',
          body: (
            <ul>
              <li>Developers and maintainers of standards and databases, who describe and update their own resources.</li>
              <li>Journals, publishers and funders, who point to the registry in their data policies.</li>
              <li>Librarians, data stewards and trainers, who use it to advise researchers.</li>
              <li>
                <RouterLink to="/community_champions">Community Champions</RouterLink>, who curate the records of their domain.
              </li>
            </ul>
          ),
        },
        {
          id: 'activities',
          heading: 'Activities',
          body: (
            <>
              <p>
                We run working groups on data policies, on the assessment of FAIRness, and on the description of standards.
                Outputs are published openly and reflected in the registry's record fields and vocabularies.
              </p>
              <p>
                Public announcements (new features, maintenance windows) appear as messages under the site header. Records
                of interest can be watched from their page once you are logged in.
              </p>
            </>
          ),
        },
        {
          id: 'contact',
          heading: 'Contact',
          body: (
            <p>
              For a question about a record, use the contact details on the record page or ask for maintainership of it.
              For anything else, open an issue in the project's public issue tracker, or write to the curation team of
              this deployment.
            </p>
          ),
        },
      ]}
    />
  );
}
