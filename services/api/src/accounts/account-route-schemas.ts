/** The bodies and answers of the account routes (SPEC §7 "Users" and "Admin"), as TypeBox schemas. */
import type { FastifyContextConfig } from 'fastify';
import { Type, type TSchema } from '@sinclair/typebox';
import { USER_ROLES } from '@registry/schemas';
import { ACCOUNT_TEXT_MAX, ACCOUNT_URL_MAX, API_KEY_NAME_MAX } from '@registry/schemas/forms/account.ts';
import { ID_RANGE, MAX_IDS_PER_LIST } from '@registry/schemas/forms/bounds.ts';
import { PROFILE_PREFERENCES } from '@registry/schemas/forms/profile-settings.ts';
import { THIRD_PARTY_PROVIDERS } from './third-party-sign-in.ts';

const short = (description?: string) => Type.String({ maxLength: ACCOUNT_TEXT_MAX, ...(description ? { description } : {}) });
const password = () => Type.String({ maxLength: 1000 });
const optional = <T extends TSchema>(schema: T) => Type.Optional(schema);

/** Every field a `{user: {...}}` body may carry; each call uses its own subset. */
export const UserFields = Type.Object(
  {
    login: optional(short('username or e-mail')),
    username: optional(short()),
    email: optional(short()),
    password: optional(password()),
    password_confirmation: optional(password()),
    current_password: optional(password()),
    reset_password_token: optional(short()),
    first_name: optional(short()),
    last_name: optional(short()),
    // Checked by the profile form's `httpUrl` rule (a 422 with SPEC §5's message), as the other fields are.
    homepage: optional(Type.String({ maxLength: ACCOUNT_URL_MAX })),
    orcid: optional(short()),
    twitter: optional(short()),
    mastodon: optional(short()),
    bluesky: optional(short()),
    profile_type: optional(short()),
    role: optional(Type.Union(USER_ROLES.map((role) => Type.Literal(role)))),
    deactivated: optional(Type.Boolean()),
    // A record, not a closed object: the validator would drop an unknown key silently, the service refuses it.
    preferences: optional(Type.Record(Type.String({ maxLength: 100 }), Type.Boolean(), {
      maxProperties: 20,
      description: `own account only: preferences to change (the others stay): ${Object.entries(PROFILE_PREFERENCES).map(([key, meaning]) => `${key} (${meaning})`).join('; ')}`,
    })),
    organisation_ids: optional(Type.Array(Type.Integer(ID_RANGE), {
      maxItems: MAX_IDS_PER_LIST,
      uniqueItems: true,
      description: 'own account only: every organisation the user belongs to (replaces the list)',
    })),
  },
  { additionalProperties: false },
);
export const UserBody = Type.Object({ user: UserFields });
export const SignInBody = Type.Object({ user: Type.Object({ login: short('username or e-mail'), password: password() }) });
export const IdentifyBody = Type.Object({
  user: Type.Union([
    Type.Object({ login: short('username, e-mail or ORCID iD') }),
    // FAIRsharing's ORCID e-mail page: the address for an account made by ORCID sign-in without one.
    Type.Object({
      email: short('the e-mail address to add'),
      uid: Type.Optional(short('the ORCID iD (not used to find the account)')),
      identifier: Type.Optional(Type.String({ maxLength: 2000, description: 'the session token the ORCID sign-in gave (the jwt of /login_success)' })),
    }),
  ]),
});
export const SignInMethodName = Type.Union([Type.Literal('password'), ...THIRD_PARTY_PROVIDERS.map((provider) => Type.Literal(provider))]);
export const IdentifyAnswer = Type.Union([
  Type.Object({ methods: Type.Array(SignInMethodName), suggested: SignInMethodName }),
  Type.Object({ success: Type.Boolean(), message: Type.String() }),
]);
export const EmailBody = Type.Object({ user: Type.Object({ email: short() }) });
export const ConfirmationQuery = Type.Object({ confirmation_token: Type.String({ maxLength: 200 }) });
export const CheckPasswordBody = Type.Object({ password: password() });
export { IdParams } from '../validation.ts';
export const UserListQuery = Type.Object({ q: Type.Optional(Type.String({ maxLength: 200 })) });
export const ApiKeyBody = Type.Object({ api_key: Type.Object({ name: Type.String({ maxLength: API_KEY_NAME_MAX }) }) });
export const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 2000 })),
  state: Type.Optional(Type.String({ maxLength: 200 })),
  iss: Type.Optional(Type.String({ maxLength: 2000 })),
  error: Type.Optional(Type.String({ maxLength: 200 })),
  error_description: Type.Optional(Type.String({ maxLength: 2000 })),
});

export const Message = Type.Object({ success: Type.Boolean(), message: Type.String() });
/** A confirmation link's answer: `already_confirmed` when the link had been followed before. */
export const ConfirmationAnswer = Type.Object({ success: Type.Boolean(), message: Type.String(), already_confirmed: Type.Optional(Type.Boolean()) });
const Flags = {
  username: Type.String(),
  id: Type.Integer(),
  is_curator: Type.Boolean(),
  is_super_curator: Type.Boolean(),
  role: Type.String(),
};
export const SignInAnswer = Type.Object({
  success: Type.Literal(true),
  jwt: Type.String(),
  expiry: Type.Integer({ description: 'when the token stops working, in seconds since 1970' }),
  ...Flags,
});
export const SessionAnswer = Type.Object({ success: Type.Literal(true), expiry: Type.Integer({ description: 'when the token stops working, in seconds since 1970' }), ...Flags });
const nullableText = Type.Union([Type.String(), Type.Null()]);
export const Account = Type.Object({
  id: Type.Integer(),
  username: Type.String(),
  email: nullableText,
  unconfirmed_email: Type.Union([Type.String(), Type.Null()], { description: 'a new address waiting for its mailed link; email stays the confirmed one until then' }),
  first_name: nullableText,
  last_name: nullableText,
  homepage: nullableText,
  orcid: nullableText,
  twitter: nullableText,
  mastodon: nullableText,
  bluesky: nullableText,
  third_party: Type.Boolean(),
  awards: Type.Array(Type.String()),
  role: Type.String(),
  profile_type: nullableText,
  preferences: Type.Object({}, { additionalProperties: true }),
  deactivated: Type.Boolean(),
  is_curator: Type.Boolean(),
  is_super_curator: Type.Boolean(),
  confirmed: Type.Boolean(),
  created_at: Type.String(),
  organisations: Type.Optional(Type.Array(Type.Object({ id: Type.Integer(), name: Type.String() }), { description: 'own account: the organisations the user belongs to' })),
});
export const AccountAnswer = Type.Object({ success: Type.Literal(true), user: Account });
/** The own account: its fields at the top level (FAIRsharing's client reads them there) and under `user`. */
export const OwnAccountAnswer = Type.Object({ ...Account.properties, success: Type.Literal(true), user: Account });
export const AccountChange = Type.Object({ success: Type.Literal(true), message: Type.String(), user: Account });
export const ApiKey = Type.Object({ id: Type.Integer(), name: Type.String(), createdAt: Type.String(), lastUsedAt: nullableText });
export const Failure = Type.Object({
  success: Type.Literal(false),
  error: Type.String({ description: 'the reason, as FAIRsharing clients show it' }),
  message: Type.String({ description: 'the same reason' }),
  statusCode: Type.Integer(),
  errors: Type.Optional(Type.Record(Type.String(), Type.Array(Type.String()))),
});
const failures = { 401: Failure, 403: Failure, 404: Failure, 422: Failure, 429: Failure };

interface AccountRouteSchema {
  summary: string;
  tags: string[];
  body?: TSchema;
  querystring?: TSchema;
  params?: TSchema;
  /** The answers on success; every account failure is added. */
  response: Record<number, TSchema>;
}

/**
 * An account route's options: the action it needs, and its schema with the account failures among
 * its answers. Generic so that the route's handler is typed from the schemas it passes (route-inputs.ts).
 */
export function accountRoute<Schema extends AccountRouteSchema>(access: NonNullable<FastifyContextConfig['access']>, schema: Schema) {
  return { config: { access }, schema: { ...schema, response: { ...schema.response, ...failures } } };
}
