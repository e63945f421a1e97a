/**
 * POST /mcp: the Model Context Protocol over Streamable HTTP, for assistants. Stateless: each
 * request gets a server bound to its caller (request.viewer: anonymous, a session or an API key,
 * as on every route), answers in JSON, and is gone; so it goes through the same rate limit,
 * back-offs and access rules as any request, and any API process can answer any request. The
 * tools and resources are mcp-tools.ts and mcp-resources.ts. A refusal by the limits (429) is
 * said as a JSON-RPC error carrying the retry time, which MCP clients show.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv';
import { ANONYMOUS_VIEWER } from '@registry/schemas';
import { registerResources } from './mcp-resources.ts';
import { registerTools } from './mcp-tools.ts';

export const MCP_PATH = '/mcp';
/** JSON-RPC error codes of this endpoint (implementation-defined range). */
const RATE_LIMITED = -32029;
const NOT_ALLOWED = -32000;

/** One JSON-RPC message a request (MCP has no batches since its 2025-06-18 revision): each call counts against the rate limit. */
const McpBody = Type.Object({ jsonrpc: Type.Literal('2.0'), method: Type.Optional(Type.String({ maxLength: 200 })) }, { additionalProperties: true });

function jsonRpcError(code: number, message: string, data?: Record<string, unknown>): string {
  return JSON.stringify({ jsonrpc: '2.0', id: null, error: { code, message, ...(data ? { data } : {}) } });
}

/** A 429 of the limits, said as JSON-RPC: its message and `retryAfterSeconds`. */
async function rateLimitAsJsonRpc(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode !== 429 || typeof payload !== 'string') return payload;
  let message = 'Too many requests';
  try {
    message = (JSON.parse(payload) as { message?: string }).message ?? message;
  } catch {
    // not JSON: keep the generic message
  }
  const retryAfterSeconds = Number(reply.getHeader('retry-after')) || 1;
  reply.type('application/json; charset=utf-8');
  return jsonRpcError(RATE_LIMITED, message, { retryAfterSeconds });
}

/**
 * The SDK's server makes an Ajv instance of its own unless given one (a quarter of a millisecond
 * per request, a fifth of what MCP added over GraphQL). It serves only elicitation, which these
 * read-only tools never ask, so one per process is shared.
 */
const jsonSchemaValidator = new AjvJsonSchemaValidator();

export async function mcpRoutes(app: FastifyInstance): Promise<void> {
  app.addHook('onSend', rateLimitAsJsonRpc);

  app.post(MCP_PATH, {
    // Read-only, open to every visitor like GET and POST /graphql: the tools ask the access module as the caller.
    config: { access: 'anyone' },
    schema: {
      summary: 'Model Context Protocol (Streamable HTTP, stateless, JSON answers): the registry\'s read-only tools and resources for assistants',
      tags: ['assistants'],
      body: McpBody,
    },
  }, async (request, reply) => {
    const viewer = request.viewer ?? ANONYMOUS_VIEWER;
    const server = new McpServer({ name: `${app.config.siteName} registry`, version: '1.0.0' }, { capabilities: { tools: {}, resources: {} }, jsonSchemaValidator });
    registerTools(server, { app, viewer });
    registerResources(server, { app, viewer });
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    reply.hijack();
    reply.raw.on('close', () => {
      void transport.close();
      void server.close();
    });
    await server.connect(transport);
    await transport.handleRequest(request.raw, reply.raw, request.body);
  });

  // Stateless: no stream to open or session to end.
  const notAllowed = async (_request: FastifyRequest, reply: FastifyReply) =>
    reply.code(405).header('allow', 'POST').type('application/json; charset=utf-8').send(jsonRpcError(NOT_ALLOWED, 'Method not allowed: send JSON-RPC messages with POST (this endpoint keeps no session)'));
  app.get(MCP_PATH, { schema: { hide: true } }, notAllowed);
  app.delete(MCP_PATH, { config: { access: 'anyone' }, schema: { hide: true } }, notAllowed);
}
