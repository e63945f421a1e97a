import { ContentPage } from '../shell/ContentPage.tsx';

/** /sustainability_and_preservation (and /preservation_policy). */
export function SustainabilityPage() {
  return (
    <ContentPage
      title="Sustainability and preservation"
      intro="Records are cited in papers, policies and data management plans, so they must stay available and stable."
      sections={[
        {
          heading: 'Persistent identifiers',
          body: (
            <p>
              Every record has a DOI that always resolves to its page. Records are never deleted once published: a resource
              that is no longer maintained is marked as deprecated, with the reason, and its page stays online.
            </p>
          ),
        },
        {
          heading: 'Preservation of the content',
          body: (
            <ul>
              <li>The database is backed up daily, and backups are kept off-site.</li>
              <li>The full content is openly licensed and can be exported through the API, so copies can be kept elsewhere.</li>
              <li>Every change to a record is kept in its history.</li>
            </ul>
          ),
        },
        {
          heading: 'Sustainability of the service',
          body: (
            <p>
              The software is open source and self-hostable: should a deployment close, its content and software can be taken
              over by another organisation without loss.
            </p>
          ),
        },
      ]}
    />
  );
}
