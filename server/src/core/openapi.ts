import { CODE, type Declaration, parseLocale } from '@backroom/contract';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { translate } from './i18n.js';

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  try {
    return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  } catch {
    return {};
  }
}

const envelope = {
  type: 'object',
  properties: { code: { type: 'integer', example: 1000 }, message: { type: 'string' }, data: {} },
  required: ['code', 'message'],
};

/** OpenAPI 3 document of every declared endpoint, generated from the same declarations as the routes. */
export function buildOpenApi(declarations: readonly Declaration[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const d of declarations) {
    for (const e of d.endpoints) {
      const operation: Record<string, unknown> = {
        tags: [`${d.module}/${d.path}`],
        summary: e.summary.en,
        description: `${e.summary['zh-cn']} · ${e.perm ? `permission ${e.perm}` : e.auth === 'login' ? 'any signed-in user' : 'no token'}`,
        security: e.auth === 'open' ? [] : [{ token: [] }],
        responses: { 200: { description: 'success', content: { 'application/json': { schema: envelope } } } },
      };
      if (e.input) {
        const schema = jsonSchema(e.input);
        if (e.method === 'post') {
          operation.requestBody = { content: { 'application/json': { schema } } };
        } else {
          const props = (schema.properties ?? {}) as Record<string, unknown>;
          const required = new Set((schema.required ?? []) as string[]);
          operation.parameters = Object.entries(props).map(([name, s]) => ({
            name,
            in: 'query',
            required: required.has(name),
            schema: s,
          }));
        }
      }
      // Two controllers may share a path with different methods (message/preferences: GET and POST).
      paths[`/api${e.url}`] = { ...paths[`/api${e.url}`], [e.method]: operation };
    }
  }
  return {
    openapi: '3.0.3',
    info: { title: 'Backroom API', version: '0.1.0', description: 'Envelope: {code, message, data}; 1000 is success.' },
    components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
    paths,
  };
}

const DOCS = '/api/docs';
/** Every answer under /api/docs: framed by nobody, in the CSP and for browsers that read only X-Frame-Options. */
const DOCS_HEADERS = { 'content-security-policy': "frame-ancestors 'none'", 'x-frame-options': 'DENY' } as const;

/** A Fastify instance of its own serving Swagger UI and the document under /api/docs. */
async function createDocsServer(declarations: readonly Declaration[]): Promise<FastifyInstance> {
  const [{ default: swagger }, { default: swaggerUi }] = await Promise.all([
    import('@fastify/swagger'),
    import('@fastify/swagger-ui'),
  ]);
  const docs = Fastify({ logger: false });
  await docs.register(swagger, { mode: 'static', specification: { document: buildOpenApi(declarations) as never } });
  await docs.register(swaggerUi, { routePrefix: DOCS });
  docs.setNotFoundHandler((request, reply) => {
    const message = translate(parseLocale(request.headers.language), 'common.routeNotFound');
    void reply.status(404).send({ code: CODE.general, message });
  });
  await docs.ready();
  return docs;
}

/**
 * The API docs at /api/docs (Swagger UI; the document at /api/docs/json). They are seldom opened,
 * while their plugins and the document take megabytes in every server: so they are built on the
 * first request, in a Fastify instance of their own to which the server hands those requests.
 */
export function registerDocs(app: FastifyInstance, declarations: readonly Declaration[]) {
  let docs: Promise<FastifyInstance> | undefined;
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    docs ??= createDocsServer(declarations).catch((error: unknown) => {
      docs = undefined;
      throw error;
    });
    const server = await docs;
    // No page frames the docs (clickjacking): on the raw response, which the docs server writes.
    for (const [name, value] of Object.entries(DOCS_HEADERS)) reply.raw.setHeader(name, value);
    reply.hijack();
    server.routing(request.raw, reply.raw);
  };
  app.get(DOCS, serve);
  app.get(`${DOCS}/*`, serve);
}
