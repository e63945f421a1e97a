import { Link as RouterLink } from 'react-router';
import { ContentPage } from '../shell/ContentPage.tsx';

/** Documentation of the object types field; /fairsharing.NFOBJT leads here. */
export function ObjectTypesPage() {
  return (
    <ContentPage
      title="Object types"
      intro="Object types say what kind of digital object a standard describes or a database holds, for example a dataset, a software tool or a protocol."
      sections={[
        {
          heading: 'Why they matter',
          body: (
            <p>
              Object types let people filter the registry by what they need to share or find: a repository for images, a
              format for sequence data, a guideline for clinical study reports. They appear on every record and as the{' '}
              <em>Object types</em> filter of the <RouterLink to="/search">search page</RouterLink>.
            </p>
          ),
        },
        {
          heading: 'How to choose them',
          body: (
            <ul>
              <li>Every record except collections needs at least one object type.</li>
              <li>Pick the most specific types that apply; several can be chosen.</li>
              <li>If no type fits, say so in the curator notes: curators extend the list when a need is shared.</li>
            </ul>
          ),
        },
      ]}
    />
  );
}
