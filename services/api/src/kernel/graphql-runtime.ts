/**
 * graphql-js loaded the way Mercurius loads it (CommonJS `require`). graphql ships both ESM and
 * CJS builds; under some loaders (Vitest) an ESM `import` gets the other copy, and its classes
 * fail graphql's own instanceof checks ("from another module or realm"). Every runtime use of
 * graphql in the API goes through this module; type-only imports are fine anywhere.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

export const graphqlRuntime = require('graphql') as typeof import('graphql');
