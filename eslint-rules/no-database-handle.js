/**
 * Only repositories touch the database: reports reading the Postgres handle (`db`) off the
 * objects that carry it (the Fastify app, a GraphQL context, a request's server), as a member
 * (`app.db`, `context.db`, `request.server.db`) or by destructuring (`const { db } = context`),
 * and, by what the code does whatever the handle is called or carried by, any query run on a
 * handle: a call of one (`db('records')`, `deps.db('records')`, `trx('users')`, `knex(…)`) or of
 * its raw SQL (`….raw(…)`). Handing the handle on to a repository (`repository.find(deps.db, id)`)
 * is not a query, nor is a service opening the transaction its repository calls share.
 * Repositories (`*-repository.ts`) are where the SQL lives: the rule passes over them. Which other
 * files may hold the handle (the database plugin, the one place that hands it to the domains) is
 * said in eslint.config.js by leaving them out of the rule's files.
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

/** Names a Postgres handle or transaction goes by. */
const HANDLE_NAMES = new Set(['db', 'trx', 'knex', 'database', 'tx']);
/** Methods that run SQL on a handle whatever its name. */
const QUERY_METHODS = new Set(['raw']);

/** The handle a call queries (`db(…)`, `deps.db(…)`, `x.raw(…)`), or null. */
function queriedHandle(callee) {
  if (callee.type === 'Identifier') return HANDLE_NAMES.has(callee.name) ? callee.name : null;
  if (callee.type !== 'MemberExpression') return null;
  const name = propertyName(callee);
  if (name && HANDLE_NAMES.has(name)) return name;
  if (name && QUERY_METHODS.has(name)) return `.${name}`;
  return null;
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
      call: "A query on a database handle ('{{handle}}') outside a repository: move the SQL into the domain's repository and call it from the service.",
    },
  },
  create(context) {
    if (/-repository\.[cm]?[jt]s$/.test(context.filename)) return {};
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
      CallExpression(node) {
        const handle = queriedHandle(node.callee);
        if (handle) context.report({ node, messageId: 'call', data: { handle: source.getText(node.callee) } });
      },
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
