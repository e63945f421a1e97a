/**
 * The /graphiql page gets the GraphQL schema (SDL) from the server inside the page, as a JSON
 * data block with this id, so GraphiQL needs no introspection query.
 */
export const GRAPHQL_SDL_ELEMENT_ID = 'graphql-sdl';
