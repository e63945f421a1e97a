import { Link as RouterLink } from 'react-router';
import { ContentPage } from '../shell/ContentPage.tsx';

/** /community_champions/our_champions. */
export function OurChampionsPage() {
  return (
    <ContentPage
      title="Our Champions"
      intro="Champions are organised in yearly cohorts. Each cohort reviews a set of domains chosen with the curation team."
      sections={[
        {
          heading: 'Cohorts',
          body: (
            <p>
              The list of champions of this deployment is published here as cohorts are formed. Each champion's public
              profile shows the records they curate.
            </p>
          ),
        },
        {
          heading: 'Join the next cohort',
          body: (
            <p>
              Read <RouterLink to="/community_champions">what champions do</RouterLink> and get in touch: new cohorts start
              every year, and you can join between cohorts too.
            </p>
          ),
        },
      ]}
    />
  );
}
