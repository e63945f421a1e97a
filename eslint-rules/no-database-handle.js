/**
 * Only repositories touch the database: reports reading the Postgres handle (`db`) off the
 * objects that carry it (the Fastify app, a GraphQL context, a request's server), as a member
 * (`app.db`, `context.db`, `request.server.db`) or by destructuring (`const { db } = context`).
 * Which files may do it (repositories, the database plugin, the one place that hands the handle
 * to the domains) is said in eslint.config.js by leaving them out of the rule's files.
 */

/** Names under which the app or a GraphQL context is passed around. */
const DEFAULT_HOLDERS = ['app', 'fastify', 'instance', 'server', 'context', 'ctx'];

function propertyName(node) {
  if (!node.computed && node.property.type === 'Identifier') return node.property.name;
  if (node.computed && node.property.type === 'Literal') return String(node.property.value);
  return null;
}

/** Types whose value carries the handle, for a destructured parameter (`(_root, _args, { db }: Context)`). */
const DEFAULT_HOLDER_TYPES = ['FastifyInstance', 'RegistryGraphqlContext', 'MercuriusContext', 'Context'];

function typeName(pattern) {
  const type = pattern.typeAnnotation?.typeAnnotation;
  if (type?.type !== 'TSTypeReference') return null;
  return type.typeName.type === 'Identifier' ? type.typeName.name : type.typeName.right?.name ?? null;
}

/** `app`, `context`, … or `<anything>.server` (a request's or reply's server). */
function carriesHandle(node, holders) {
  if (node.type === 'Identifier') return holders.has(node.name);
  if (node.type === 'ThisExpression') return false;
  if (node.type === 'MemberExpression') return propertyName(node) === 'server';
  if (node.type === 'TSNonNullExpression' || node.type === 'TSAsExpression') return carriesHandle(node.expression, holders);
  return false;
}

function patternNamesDb(pattern) {
  return pattern.type === 'ObjectPattern' && pattern.properties.some((property) =>
    property.type === 'Property' && ((property.key.type === 'Identifier' && property.key.name === 'db') || (property.key.type === 'Literal' && property.key.value === 'db')));
}

/** @type {import('eslint').Rule.RuleModule} */
export const noDatabaseHandle = {
  meta: {
    type: 'problem',
    docs: { description: 'The database handle is used only in repositories; routes, resolvers, plugins and services call a domain service.' },
    schema: [{
      type: 'object',
      properties: { holders: { type: 'array', items: { type: 'string' } }, holderTypes: { type: 'array', items: { type: 'string' } } },
      additionalProperties: false,
    }],
    messages: {
      member: "'{{holder}}.db' outside a repository: call the domain's service (app.<domain> / context.<domain>), whose repository runs the SQL.",
      parameter: "'{ db }' taken from a {{type}} parameter outside a repository: call the domain's service, whose repository runs the SQL.",
      destructured: "'{ db }' taken from '{{holder}}' outside a repository: call the domain's service, whose repository runs the SQL.",
    },
  },
  create(context) {
    const holders = new Set(context.options[0]?.holders ?? DEFAULT_HOLDERS);
    const holderTypes = new Set(context.options[0]?.holderTypes ?? DEFAULT_HOLDER_TYPES);
    const source = context.sourceCode;
    const checkParameters = (node) => {
      for (const parameter of node.params) {
        const type = typeName(parameter);
        if (type && holderTypes.has(type) && patternNamesDb(parameter)) context.report({ node: parameter, messageId: 'parameter', data: { type } });
      }
    };
    return {
      MemberExpression(node) {
        if (propertyName(node) === 'db' && carriesHandle(node.object, holders)) {
          context.report({ node, messageId: 'member', data: { holder: source.getText(node.object) } });
        }
      },
      VariableDeclarator(node) {
        if (node.init && patternNamesDb(node.id) && carriesHandle(node.init, holders)) {
          context.report({ node: node.id, messageId: 'destructured', data: { holder: source.getText(node.init) } });
        }
      },
      FunctionDeclaration: checkParameters,
      FunctionExpression: checkParameters,
      ArrowFunctionExpression: checkParameters,
      AssignmentExpression(node) {
        if (patternNamesDb(node.left) && carriesHandle(node.right, holders)) {
          context.report({ node: node.left, messageId: 'destructured', data: { holder: source.getText(node.right) } });
        }
      },
    };
  },
};

/** The project's local ESLint plugin. */
export const registryRules = { meta: { name: 'registry' }, rules: { 'no-database-handle': noDatabaseHandle } };
