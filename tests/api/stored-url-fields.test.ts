/**
 * Every URL a client can store goes through one of the stored-URL rules of `bounds.ts` (`httpUrl`
 * for addresses of any site, `sitePath` for paths of this one): this walks every field of every
 * form schema (`schemas/src/forms/`) and of every REST route's body (the OpenAPI document), and
 * fails on a field that holds a URL by its name or by its rule (yup's `.url()`, a `uri` format)
 * and is checked by none of them. Each form field found is then tried with the hostile values the
 * rule is there for, so a field that names the rule without applying it fails too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { ArraySchema, isSchema, ObjectSchema, type Schema } from 'yup';
import { STORED_URL_TESTS } from '@registry/schemas/forms/bounds.ts';
import { sharedCatalogueConfig } from '../support/environment.ts';
import { buildTestApp } from './support.ts';

const FORMS_DIR = join(import.meta.dirname, '../../schemas/src/forms');

/** A field holds a URL by its name: url, homepage, …_url, …Url, …_link, …Link. */
const URL_NAME = /^(url|homepage)$|_(url|link)$|[a-z](Url|Link)$/;
/** JSON Schema and yup rules that say a value is a URL. */
const URL_FORMATS = new Set(['uri', 'url', 'uri-reference', 'iri', 'iri-reference']);
const STORED_URL_RULES = new Set<string>(Object.values(STORED_URL_TESTS));

/** Values no stored URL of any kind may take: off-site paths, scheme-relative and non-http addresses. */
const HOSTILE = ['/\\evil.example/path', '/\\/evil.example', '//evil.example/x', 'ftp://evil.example/x', 'javascript:alert(1)', 'http:evil.example'];

interface FormField {
  where: string;
  schema: Schema;
}

function formFields(schema: Schema, path: string, found: FormField[]): void {
  if (schema instanceof ObjectSchema) {
    for (const [key, field] of Object.entries(schema.fields as Record<string, Schema>)) formFields(field, path ? `${path}.${key}` : key, found);
  } else if (schema instanceof ArraySchema && schema.innerType) {
    formFields(schema.innerType as Schema, `${path}[]`, found);
  } else {
    found.push({ where: path, schema });
  }
}

async function everyFormField(): Promise<FormField[]> {
  const found: FormField[] = [];
  for (const file of readdirSync(FORMS_DIR).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
    const module = (await import(join(FORMS_DIR, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(module)) {
      if (isSchema(value)) formFields(value as Schema, `${file}:${name}`, found);
    }
  }
  return found;
}

/** The field's own name: `supportSchema.metadata.support_links[].url` → `url`. */
const lastName = (path: string) => path.split(/[.:]/).pop()!.replace(/\[\]$/, '');

/**
 * The REST bodies' declared URL fields, each with the form field its service checks it with
 * (the accounts service runs the profile form on every `{user: …}` body that changes a profile).
 * A new URL field in a route body fails the test until it is named here with its rule.
 */
const REST_URL_FIELDS: Record<string, string> = {
  'body.user.homepage': 'account.ts:profileFormSchema.homepage',
};

interface JsonSchemaNode {
  type?: string | string[];
  format?: string;
  properties?: Record<string, JsonSchemaNode>;
  items?: JsonSchemaNode;
  anyOf?: JsonSchemaNode[];
  oneOf?: JsonSchemaNode[];
  allOf?: JsonSchemaNode[];
}

interface BodyField {
  where: string;
  format: string | undefined;
}

function bodyFields(node: JsonSchemaNode | undefined, path: string, found: BodyField[]): void {
  if (!node) return;
  for (const member of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) bodyFields(member, path, found);
  for (const [key, property] of Object.entries(node.properties ?? {})) bodyFields(property, `${path}.${key}`, found);
  if (node.items) bodyFields(node.items, `${path}[]`, found);
  const types = [node.type ?? []].flat();
  if (types.includes('string')) found.push({ where: path, format: node.format });
}

let app: FastifyInstance;

beforeAll(async () => {
  app = await buildTestApp(sharedCatalogueConfig());
});

afterAll(async () => {
  await app?.close();
});

describe('stored URLs go through the one rule', () => {
  it('every URL field of every form schema uses a stored-URL rule, and refuses what the rule refuses', async () => {
    const fields = await everyFormField();
    const urlFields = fields.filter(({ where, schema }) => {
      const tests = schema.describe().tests.map((test) => test.name ?? '');
      return URL_NAME.test(lastName(where)) || tests.some((name) => URL_FORMATS.has(name) || STORED_URL_RULES.has(name));
    });
    const withoutRule = urlFields.filter(({ schema }) => !schema.describe().tests.some((test) => STORED_URL_RULES.has(test.name ?? '')));
    expect(withoutRule.map(({ where }) => where)).toEqual([]);
    for (const { where, schema } of urlFields) {
      for (const value of HOSTILE) expect(await schema.isValid(value), `${where} took ${value}`).toBe(false);
    }
    // The walk reaches the fields of the reports that made this rule (and would fail if it reached none).
    const names = new Set(urlFields.map(({ where }) => where));
    for (const expected of ['account.ts:profileFormSchema.homepage', 'saved-search.ts:savedSearchSchema.url', 'webhooks.ts:webhookSchema.url', 'linked-entities.ts:organisationSchema.ror_link', 'notable-events.ts:notableEventSchema.source_url']) {
      expect(names, expected).toContain(expected);
    }
  });

  it('every URL field of every REST route body is checked by a form field that uses a stored-URL rule', async () => {
    const document = (app as unknown as { swagger(): { paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: JsonSchemaNode }> } }>> } }).swagger();
    const urlFields: BodyField[] = [];
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const content of Object.values(operation.requestBody?.content ?? {})) {
          const found: BodyField[] = [];
          bodyFields(content.schema, `${method.toUpperCase()} ${path} body`, found);
          urlFields.push(...found.filter((field) => URL_NAME.test(lastName(field.where)) || URL_FORMATS.has(field.format ?? '')));
        }
      }
    }
    const formFieldsByName = new Map((await everyFormField()).map((field) => [field.where, field.schema]));
    const unchecked = urlFields.filter(({ where }) => {
      const formField = Object.entries(REST_URL_FIELDS).find(([suffix]) => where.endsWith(suffix))?.[1];
      const rule = formField ? formFieldsByName.get(formField) : undefined;
      return !rule || !rule.describe().tests.some((test) => STORED_URL_RULES.has(test.name ?? ''));
    });
    expect(unchecked.map(({ where }) => where)).toEqual([]);
    expect(urlFields.map((field) => field.where)).toContain('PUT /users body.user.homepage');
  });
});
