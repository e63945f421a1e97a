/** Hero banner titles and subtitles per registry (SPEC §1), shared by listing and search routes. */
export interface HeroContent {
  title: string;
  subtitle: string;
}

const BY_REGISTRY: Record<string, HeroContent> = {
  standard: {
    title: 'Standards',
    subtitle:
      'Terminology artefacts, models and formats, reporting guidelines and identifier schemas, linked to the databases that implement them and the policies that recommend them.',
  },
  database: {
    title: 'Databases',
    subtitle:
      'Repositories and knowledgebases, with the standards they use and the policies of the funders, journals and institutions that recommend them.',
  },
  policy: {
    title: 'Policies',
    subtitle:
      'Data policies of funders, journals, publishers, societies, institutions and projects, and the standards and databases they point researchers to.',
  },
  collection: {
    title: 'Collections',
    subtitle:
      'Curated groups of standards, databases and policies, assembled by a project, an organisation or a community around a domain or a purpose.',
  },
  fairassist: {
    title: 'FAIRassist',
    subtitle: 'Tools, principles and benchmarks that help assess how FAIR a digital object is.',
  },
};

export const SEARCH_HERO: HeroContent = {
  title: 'Search the registry',
  subtitle: 'Standards, databases, policies and collections, with their subjects, domains, species and organisations.',
};

/** Hero for a search route: the one registry in the URL, or the generic search hero. */
export function heroForRegistry(registryParameter: string | null | undefined): HeroContent {
  const values = (registryParameter ?? '').split(',').map((value) => value.trim().toLowerCase()).filter(Boolean);
  if (values.length === 1 && BY_REGISTRY[values[0]]) return BY_REGISTRY[values[0]];
  return SEARCH_HERO;
}
