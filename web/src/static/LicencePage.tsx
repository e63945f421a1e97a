import { useSiteConfig } from '../state/siteConfig.ts';
import { ContentPage } from '../shell/ContentPage.tsx';

/** /licence (and /license). */
export function LicencePage() {
  const { siteName } = useSiteConfig();
  return (
    <ContentPage
      title="Licence"
      intro={`The content of ${siteName} is licensed under the Creative Commons Attribution-ShareAlike 4.0 International licence (CC BY-SA 4.0).`}
      sections={[
        {
          heading: 'What you may do',
          body: (
            <ul>
              <li>Copy, redistribute and adapt the records, including for commercial purposes.</li>
              <li>Harvest them through the API, the sitemap or the JSON-LD embedded in record pages.</li>
            </ul>
          ),
        },
        {
          heading: 'What you must do',
          body: (
            <ul>
              <li>
                Give credit: cite {siteName} and, for a single record, its DOI, and indicate if you made changes.
              </li>
              <li>Share adaptations under the same licence.</li>
            </ul>
          ),
        },
        {
          heading: 'Ontologies and software',
          body: (
            <p>
              The subject (SRAO) and domain (DRAO) ontologies are licensed under CC BY 4.0. The software of this registry is
              open source; its licence is in the source repository. The full text of CC BY-SA 4.0 is at{' '}
              <a href="https://creativecommons.org/licenses/by-sa/4.0/">creativecommons.org/licenses/by-sa/4.0</a>.
            </p>
          ),
        },
      ]}
    />
  );
}
