/**
 * REST reads of the reference lists, JSON:API-shaped like the record lists:
 *   GET  /subjects, /domains, /taxonomies, /user_defined_tags, /countries, /licences,
 *        /organisations, /grants, /publications, /record_types    the whole list, a page at a time
 *   POST /search/{same names}                                      the items containing `q`
 * The lists are public reference data, the same for every viewer.
 */
import type { FastifyInstance } from 'fastify';
import type { RouteInputsProvider } from '../route-inputs.ts';
import { Type, type TSchema } from '@sinclair/typebox';
import { listAnswerSchema, OffsetQuery, pageCount, pageLinks, PagingQuery, readPaging, resourceSchema, type PagingParameters } from '../routes/json-api.ts';
import { VOCABULARIES, type VocabularyDeclaration } from './vocabularies.ts';

const NullableString = Type.Union([Type.String(), Type.Null()]);
const Strings = Type.Array(Type.String());

/** The type of each attribute any list answers. */
const ATTRIBUTE_SCHEMAS: Readonly<Record<string, TSchema>> = {
  label: Type.String(),
  name: Type.String(),
  title: Type.String(),
  code: Type.String(),
  description: Type.String(),
  fairsharing_registry: Type.String(),
  iri: NullableString,
  url: NullableString,
  spdx_id: NullableString,
  homepage: NullableString,
  ror_link: NullableString,
  url_for_logo: NullableString,
  doi: NullableString,
  authors: NullableString,
  journal: NullableString,
  pubmed_id: NullableString,
  year: Type.Union([Type.Integer(), Type.Null()]),
  definitions: Strings,
  synonyms: Strings,
  alternative_names: Strings,
};

function attributesSchema(declaration: VocabularyDeclaration): TSchema {
  return Type.Object(Object.fromEntries(Object.keys(declaration.attributes).map((name) => [name, ATTRIBUTE_SCHEMAS[name]])));
}

const TextQuery = { q: Type.Optional(Type.String({ maxLength: 200, description: 'Text the items contain (name, label, synonyms...), any letter case' })) };
type ListQuery = PagingParameters & { q?: string };

export async function vocabularyRoutes(instance: FastifyInstance): Promise<void> {
  const app = instance.withTypeProvider<RouteInputsProvider>();
  const publicUrl = app.config.publicUrl;

  for (const declaration of VOCABULARIES) {
    const answer = listAnswerSchema(resourceSchema(attributesSchema(declaration)));
    const list = async (path: string, query: ListQuery, q: string | undefined) => {
      const { number, size } = readPaging(query);
      const givenOffset = query['page[offset]'];
      const offset = givenOffset ?? (number - 1) * size;
      const page = await app.vocabularies.listVocabulary(declaration, { q, offset, size });
      const last = pageCount(page.total, size);
      const end = offset + page.items.length;
      // Past a page cut short by the byte cap (or one reached by offset), pages continue by offset.
      const cut = page.items.length < Math.min(size, Math.max(0, page.total - offset));
      const byOffset = cut || givenOffset !== undefined;
      const at = (itemOffset: number): [string, string][] => (byOffset ? [['page[offset]', String(itemOffset)]] : []);
      const links = pageLinks({
        listUrl: `${publicUrl}${path}`,
        filters: q ? [['q', q]] : [],
        number,
        size,
        recordCount: page.total,
        self: givenOffset === undefined ? [] : at(givenOffset),
        next: end < page.total && (byOffset || number < last) ? at(end) : undefined,
        prev: offset > 0 ? at(Math.max(0, offset - size)) : undefined,
      });
      return {
        data: page.items.map((item) => ({ id: String(item.id), type: declaration.type, attributes: item.attributes })),
        links,
        meta: { record_count: page.total, page_count: last, page: { number, size } },
      };
    };

    app.get(
      `/${declaration.type}`,
      {
        schema: {
          summary: `Every item of ${declaration.type}, by name, a page at a time`,
          tags: ['reference lists'],
          querystring: Type.Object({ ...PagingQuery, ...OffsetQuery }),
          response: { 200: answer },
        },
      },
      async (request) => list(`/${declaration.type}`, request.query, undefined),
    );

    app.post(
      `/search/${declaration.type}`,
      {
        schema: {
          summary: `Items of ${declaration.type} containing q (in the query string or the body)`,
          tags: ['reference lists', 'search'],
          querystring: Type.Object({ ...PagingQuery, ...OffsetQuery, ...TextQuery }),
          body: Type.Object(TextQuery),
          response: { 200: answer },
        },
        preValidation: async (request) => {
          request.body ??= {};
        },
      },
      async (request) => list(`/search/${declaration.type}`, request.query, request.body.q ?? request.query.q),
    );
  }
}
