import { Link as RouterLink } from 'react-router';
import { ContentPage } from '../shell/ContentPage.tsx';

/** /educational, with one anchor per audience (SPEC §2). */
export function EducationalPage() {
  return (
    <ContentPage
      title="Educational"
      intro="How each audience can use the registry to make data findable, accessible, interoperable and reusable (FAIR)."
      sections={[
        {
          id: 'researchers',
          heading: 'Researchers',
          body: (
            <ul>
              <li>Before collecting data, search for the reporting guideline and formats of your field, and plan to use them.</li>
              <li>Choose a repository your journal or funder recommends: filter a search by <em>Recommended</em>.</li>
              <li>Cite standards and databases by their DOI in your data management plan and your papers.</li>
            </ul>
          ),
        },
        {
          id: 'developers',
          heading: 'Developers and curators',
          body: (
            <ul>
              <li>Register your standard or database, and keep its status (ready, in development, deprecated) current.</li>
              <li>Link it to the standards it implements and the databases that use it, so people see the whole picture.</li>
              <li>
                Use the <RouterLink to="/API_doc">API</RouterLink> to show registry information in your own tools.
              </li>
            </ul>
          ),
        },
        {
          id: 'publishers',
          heading: 'Journal publishers',
          body: (
            <ul>
              <li>Register your data policy and link the repositories and standards it recommends.</li>
              <li>Point authors to registry searches rather than maintaining your own lists.</li>
            </ul>
          ),
        },
        {
          id: 'trainers',
          heading: 'Librarians and trainers',
          body: (
            <ul>
              <li>Use collections and subject searches as teaching material on the standards landscape of a field.</li>
              <li>Show learners how to read a record: status, licences, maintainers and related resources.</li>
            </ul>
          ),
        },
        {
          id: 'societies',
          heading: 'Societies and alliances',
          body: (
            <ul>
              <li>Create a collection of the resources your community endorses, and keep it current.</li>
              <li>Encourage members to become <RouterLink to="/community_champions">Community Champions</RouterLink>.</li>
            </ul>
          ),
        },
        {
          id: 'funders',
          heading: 'Funders',
          body: (
            <ul>
              <li>Reference registry records in your policy, so grant holders find well-described, maintained resources.</li>
              <li>See which standards and databases your policy relies on, and which need sustained support.</li>
            </ul>
          ),
        },
      ]}
    />
  );
}
