/**
 * The arguments of an OAI-PMH request (GET query or POST form), checked against the verb's
 * rules of the protocol (section 3.1 and each verb's "Arguments"): a missing, unknown or repeated
 * verb is badVerb; an argument the verb does not take, a missing required one, a repeated one, a
 * resumptionToken beside other arguments, or a malformed date is badArgument.
 */

export const VERBS = ['Identify', 'ListMetadataFormats', 'ListSets', 'ListIdentifiers', 'ListRecords', 'GetRecord'] as const;
export type Verb = (typeof VERBS)[number];

export type OaiErrorCode =
  | 'badArgument'
  | 'badResumptionToken'
  | 'badVerb'
  | 'cannotDisseminateFormat'
  | 'idDoesNotExist'
  | 'noMetadataFormats'
  | 'noRecordsMatch'
  | 'noSetHierarchy';

export class OaiError extends Error {
  constructor(readonly code: OaiErrorCode, message: string) {
    super(message);
  }
}

/** Every value given for each argument name (a repeated argument has several). */
export type RawArguments = ReadonlyMap<string, readonly string[]>;

const ALLOWED: Record<Verb, { required: string[]; optional: string[]; exclusive?: string }> = {
  Identify: { required: [], optional: [] },
  ListMetadataFormats: { required: [], optional: ['identifier'] },
  ListSets: { required: [], optional: [], exclusive: 'resumptionToken' },
  ListIdentifiers: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
  ListRecords: { required: ['metadataPrefix'], optional: ['from', 'until', 'set'], exclusive: 'resumptionToken' },
  GetRecord: { required: ['identifier', 'metadataPrefix'], optional: [] },
};

export interface CheckedRequest {
  verb: Verb;
  /** One value per argument other than the verb. */
  args: Record<string, string>;
}

function isVerb(value: string): value is Verb {
  return (VERBS as readonly string[]).includes(value);
}

export function checkArguments(raw: RawArguments): CheckedRequest {
  const verbs = raw.get('verb') ?? [];
  if (verbs.length !== 1 || !isVerb(verbs[0])) {
    throw new OaiError('badVerb', verbs.length > 1 ? 'The verb argument is repeated' : verbs.length === 0 ? 'The verb argument is missing' : `'${verbs[0]}' is not an OAI-PMH verb`);
  }
  const verb = verbs[0];
  const rules = ALLOWED[verb];
  const args: Record<string, string> = {};
  for (const [name, values] of raw) {
    if (name === 'verb') continue;
    if (![...rules.required, ...rules.optional, rules.exclusive].includes(name)) throw new OaiError('badArgument', `${verb} does not take the argument '${name}'`);
    if (values.length !== 1) throw new OaiError('badArgument', `The argument '${name}' is repeated`);
    args[name] = values[0];
  }
  if (rules.exclusive && args[rules.exclusive] !== undefined) {
    if (Object.keys(args).length > 1) throw new OaiError('badArgument', `${rules.exclusive} is an exclusive argument`);
    return { verb, args };
  }
  for (const name of rules.required) {
    if (args[name] === undefined || args[name] === '') throw new OaiError('badArgument', `${verb} needs the argument '${name}'`);
  }
  return { verb, args };
}

export type Granularity = 'day' | 'second';

export interface UtcDate {
  date: Date;
  granularity: Granularity;
}

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const SECOND = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})Z$/;

/** A `from`/`until` value: YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ, a real date. */
export function parseUtcDate(name: string, value: string): UtcDate {
  const granularity: Granularity | null = DAY.test(value) ? 'day' : SECOND.test(value) ? 'second' : null;
  const date = granularity ? new Date(granularity === 'day' ? `${value}T00:00:00Z` : value) : null;
  const roundTrip = date && !Number.isNaN(date.getTime()) ? date.toISOString().slice(0, value.length - (granularity === 'second' ? 1 : 0)) : null;
  if (!granularity || !date || roundTrip !== value.replace(/Z$/, '')) {
    throw new OaiError('badArgument', `${name} must be a UTC date (YYYY-MM-DD or YYYY-MM-DDThh:mm:ssZ), not '${value}'`);
  }
  return { date, granularity };
}

/** The end of the span an `until` names: the next second or day (the bound is exclusive). */
export function endOf(until: UtcDate): Date {
  return new Date(until.date.getTime() + (until.granularity === 'day' ? 86_400_000 : 1000));
}

/** An OAI datestamp at the repository's granularity (seconds). */
export function datestamp(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}
