import { ContentPage } from '../ContentPage.tsx';

/** Milestones of the registry; undated steps are listed in order rather than with guessed years. */
const MILESTONES: Array<{ when: string; text: string }> = [
  { when: 'Beginnings', text: 'BioSharing starts as a catalogue of life-science reporting guidelines, terminologies and formats.' },
  { when: 'Linking', text: 'Databases and data policies are described alongside standards and linked to them.' },
  { when: 'Since 2015', text: 'Page views are counted, giving the "views since 2015" figure on the home page.' },
  { when: 'Widening', text: 'The registry covers all disciplines and takes its current name, after the FAIR principles.' },
  { when: 'Identifiers', text: 'Every record gets a DOI under the 10.25504 prefix; the subject and domain ontologies are published.' },
  { when: 'Assessment', text: 'FAIRassist lists tools, principles and benchmarks for assessing FAIRness.' },
  { when: 'Now', text: 'This open-source, self-hostable implementation lets any community run its own registry.' },
];

/** /timeline: milestones of the registry. */
export function TimelinePage() {
  return (
    <ContentPage
      title="Timeline"
      intro="Milestones of the registry and of the community that builds it."
      sections={[
        {
          heading: 'Milestones',
          body: (
            <ol>
              {MILESTONES.map((milestone) => (
                <li key={milestone.when}>
                  <strong>{milestone.when}</strong>: {milestone.text}
                </li>
              ))}
            </ol>
          ),
        },
      ]}
    />
  );
}
