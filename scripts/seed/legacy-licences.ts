/**
 * The 2018 export joins some licences to the wrong records: GenBank carries "MIRTAR is free for
 * academic and non-profit use" (miRTarBase's), nineteen databases carry "GreenPhyl Terms of
 * Service" (GreenPhylDB's), ArrayExpress and VectorBase carry the "RGD Data Licence" (the Rat
 * Genome Database's). Nothing in the sources says which licence those records really have, so
 * such a licence is dropped rather than moved: a licence that names another catalogue record
 * (in its name or its address's host) and not the record it is joined to is not that record's.
 */
import type { CatalogueLicence } from './catalogue-file.ts';

export interface LicenceOwnerCandidate {
  id: number;
  name: string;
  abbreviation: string | null;
}

/** The record a licence is joined to, with the homepage the export gives it (when any). */
export interface LicenceHolder extends LicenceOwnerCandidate {
  homepage: string | null;
}

/** Shorter labels ("EU", "GO") name too many things to say whose a licence is. */
const SHORTEST_NAMING_LABEL = 3;

const compact = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

function hostOf(url: string | null): string | null {
  if (!url) return null;
  try {
    return new URL(url).hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return null;
  }
}

/** The licence's name and the words of its host (`mirtarbase.mbc.nctu.edu.tw` → `mirtarbase mbc …`). */
function licenceText(licence: CatalogueLicence): string {
  return `${licence.name} ${(hostOf(licence.url) ?? '').split('.').join(' ')}`;
}

function labelsOf(record: LicenceOwnerCandidate): string[] {
  return [record.name, record.abbreviation ?? ''].map((label) => label.trim()).filter((label) => label.length >= SHORTEST_NAMING_LABEL);
}

const SHORTEST_SPACING_FREE_LABEL = 6;

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whole words only: "RGD" names the Rat Genome Database, "PRGdb" does not. */
const wholeWordPattern = (label: string): RegExp => new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(label)}(?![\\p{L}\\p{N}])`, 'iu');

export class LicenceOwnership {
  private readonly namingPatterns: { recordId: number; label: string; pattern: RegExp }[];

  constructor(records: LicenceOwnerCandidate[]) {
    this.namingPatterns = records.flatMap((record) =>
      labelsOf(record).map((label) => ({
        recordId: record.id,
        label,
        pattern: wholeWordPattern(label),
      })),
    );
  }

  /** The record (other than `holder`) the licence names, or null when it names none or names the holder too. */
  otherRecordNamed(licence: CatalogueLicence, holder: LicenceHolder): { recordId: number; label: string } | null {
    if (this.namesHolder(licence, holder)) return null;
    const text = licenceText(licence);
    const ownLabels = labelsOf(holder).map(compact);
    const named = this.namingPatterns.find(
      (candidate) => candidate.recordId !== holder.id && !ownLabels.includes(compact(candidate.label)) && candidate.pattern.test(text),
    );
    return named ? { recordId: named.recordId, label: named.label } : null;
  }

  /** The licences of `holder` that are its own: those naming another record are dropped. */
  ownLicences(licences: CatalogueLicence[], holder: LicenceHolder): CatalogueLicence[] {
    return licences.filter((licence) => this.otherRecordNamed(licence, holder) === null);
  }

  /** "FLOW Repository Terms of Use" at flowrepository.org is FlowRepository's, whatever else it mentions. */
  private namesHolder(licence: CatalogueLicence, holder: LicenceHolder): boolean {
    const licenceHost = hostOf(licence.url);
    const homepageHost = hostOf(holder.homepage);
    if (licenceHost && homepageHost && (licenceHost === homepageHost || licenceHost.endsWith(`.${homepageHost}`))) return true;
    const text = licenceText(licence);
    const compactText = compact(text);
    return labelsOf(holder).some(
      (label) =>
        wholeWordPattern(label).test(text) ||
        // Spacing differs ("FLOW Repository" / FlowRepository); short labels would match inside any word.
        (compact(label).length >= SHORTEST_SPACING_FREE_LABEL && compactText.includes(compact(label))),
    );
  }
}
