import { Link as RouterLink } from 'react-router';
import { ContentPage } from '../shell/ContentPage.tsx';

/** /stakeholders: who uses the registry and why. */
export function StakeholdersPage() {
  return (
    <ContentPage
      title="Stakeholders"
      intro="The registry serves everyone who produces, manages, publishes or funds research data."
      sections={[
        {
          heading: 'Researchers',
          body: <p>Find the standards and repositories of your field, and check which ones your journal or funder recommends.</p>,
        },
        {
          heading: 'Developers and curators',
          body: <p>Make your standard or database discoverable, link it to related resources, and show its maturity and status.</p>,
        },
        {
          heading: 'Journals and publishers',
          body: <p>Register your data policy and link it to the repositories and standards you recommend to authors.</p>,
        },
        {
          heading: 'Funders',
          body: <p>Point grant holders to trusted, well-described resources, and see which ones your policy relies on.</p>,
        },
        {
          heading: 'Librarians, trainers and data stewards',
          body: (
            <p>
              Use records, collections and the <RouterLink to="/educational">educational material</RouterLink> to advise and
              teach.
            </p>
          ),
        },
        {
          heading: 'Adopters and collaborators',
          body: (
            <p>
              Infrastructures, projects and organisations that build on the registry are listed with their{' '}
              <RouterLink to="/organisations">organisation pages</RouterLink> and the records they maintain or fund.
            </p>
          ),
        },
      ]}
    />
  );
}
