import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import {
  CODE,
  type Endpoint,
  type InputOf,
  type Locale,
  type PendingStep,
  parseLocale,
  type ResultOf,
} from '@backroom/contract';
import Fastify, {
  type ConnectionError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  LogController,
} from 'fastify';
import { z } from 'zod';
import type { AppSession, AuthGate } from '../auth/gate.js';
import { holds, type Session } from '../auth/principal.js';
import type { Config } from '../config.js';
import { isDatabaseUnavailable } from '../db/connections.js';
import { isUniqueViolation } from '../db/unique.js';
import { AppError, forbidden } from '../errors.js';
import { type MessageKey, translate } from '../i18n.js';
import type { DeletionOrigin } from '../recycle.js';
import { trustFunction } from './client-address.js';
import { ok } from './envelope.js';
import { installRequestContext, newRequestId } from './request-context.js';
import { type FieldLabels, messageOf, validationError } from './validation.js';

declare module 'fastify' {
  interface FastifyRequest {
    locale: Locale;
    /** Set once the request's token has been checked; null on open endpoints. */
    session: Session | null;
    /** The app user of an `/api/app/…` call, once their token has been checked; null elsewhere. */
    appSession: AppSession | null;
    /**
     * What the request log may keep of the input: the input as the endpoint's schema parsed it,
     * set by `mount` whether or not the call is then refused for its session or permission.
     * Undefined when the input did not validate or the route takes none: the raw body or query
     * never reaches the log.
     */
    loggedInput: unknown;
  }
  interface FastifyContextConfig {
    /** false: the request log (base/sys/log) leaves the route's calls out (the balancer's health checks). */
    requestLog?: boolean;
  }
}

/** Fastify's own error codes that are the client's fault, with the status and message they get. */
const CLIENT_ERRORS: Record<string, { status: AppError['status']; key: AppError['key'] }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, key: 'common.tooLarge' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, key: 'common.badJson' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, key: 'common.badJson' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 400, key: 'common.badContentType' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, key: 'common.badJson' },
};

/**
 * PostgreSQL's refusals of text it cannot store (invalid byte sequence, untranslatable character):
 * the input schemas refuse NUL before a query runs, and whatever else slips through is the
 * client's text, so a 400, never a 500.
 */
const UNSTORABLE_TEXT = new Set(['22021', '22P05']);

/**
 * What Node refuses before a request exists (headers or URL over its 16 KB limit, bytes that are
 * not HTTP, a request too slow to arrive) answered in the envelope, then the connection closed.
 * The language is read from the raw bytes when they hold the header.
 */
function answerClientError(this: FastifyInstance, error: ConnectionError, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, key]: [number, MessageKey] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'common.headersTooLarge']
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'common.requestTimeout']
        : [400, 'common.badRequest'];
  // A Buffer in fact (Fastify's type describes its JSON form).
  const packet: unknown = error.rawPacket;
  const raw = Buffer.isBuffer(packet) ? packet.toString('latin1') : '';
  const locale = parseLocale(/\r\nlanguage:[ \t]*([A-Za-z-]+)/i.exec(raw)?.[1]);
  const body = JSON.stringify({
    code: status === 400 ? CODE.validation : CODE.general,
    message: translate(locale, key),
  });
  this.log.trace({ err: error }, 'client error');
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

export function createHttpServer(config: Config): FastifyInstance {
  const app = Fastify({
    clientErrorHandler: answerClientError,
    // One id per request across restarts and instances: the request log and the audit share it.
    genReqId: newRequestId,
    bodyLimit: config.bodyLimit,
    // Only the hops TRUST_PROXY names: request.ip is then the one client address every limit uses.
    trustProxy: trustFunction(config.trustProxy),
    // The request log (base/sys/log) records requests; pino keeps to errors and lifecycle.
    logController: new LogController({ disableRequestLogging: true }),
    // No child logger per request (pino builds one with its bindings and redaction on every call):
    // the one place that logs a request's error names the request itself.
    childLoggerFactory: (logger) => logger,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    // A request arriving on an open connection while the instance drains (SIGTERM) is served, not
    // refused with Fastify's own 503: it was accepted (server/src/drain.ts).
    return503OnClosing: false,
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', '*.password', '*.token', '*.refreshToken'],
    },
  });
  app.decorateRequest('locale', 'zh-cn');
  app.decorateRequest('session', null);
  app.decorateRequest('appSession', null);
  app.decorateRequest('loggedInput', undefined);
  installRequestContext(app);
  const { hsts } = config;
  app.addHook('onRequest', (request, reply, done) => {
    request.locale = parseLocale(request.headers.language);
    // On the raw response, so answers written past Fastify (the API docs) carry it too.
    if (hsts !== undefined) reply.raw.setHeader('strict-transport-security', hsts);
    done();
  });

  // A body that JSON.parse rejects must be a 400, and `{}`-less POSTs (no body) must still parse.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, {});
    try {
      done(null, JSON.parse(text));
    } catch {
      done(new AppError(400, 'common.badJson'), undefined);
    }
  });

  // An outage fails every request at once: the log says so at most every 10 s.
  let lastUnavailable = 0;
  const warnUnavailable = (error: unknown) => {
    if (Date.now() - lastUnavailable < 10_000) return;
    lastUnavailable = Date.now();
    app.log.warn({ err: error }, 'the database is not reachable: answering 503');
  };
  app.setErrorHandler((error: unknown, request, reply) => {
    const locale = request.locale ?? 'zh-cn';
    if (error instanceof AppError) {
      const data = error.data === undefined ? {} : { data: error.data };
      return reply.status(error.status).send({ code: error.code, message: messageOf(error, locale), ...data });
    }
    if (error instanceof z.ZodError) {
      const appError = validationError(error, {}, locale);
      return reply.status(400).send({ code: CODE.validation, message: messageOf(appError, locale) });
    }
    // The database's connection broke under the statement (a restart, a failover, a killed
    // session): its transaction is gone with it, and the next request gets another connection.
    if (isDatabaseUnavailable(error)) {
      warnUnavailable(error);
      return reply.status(503).send({ code: CODE.internal, message: translate(locale, 'common.dbUnavailable') });
    }
    // A unique index turned a write away that no check before it caught (two writers at once, on
    // any path): a conflict, as the checks answer one, never a 500.
    if (isUniqueViolation(error)) {
      return reply.status(409).send({ code: CODE.general, message: translate(locale, 'common.conflict') });
    }
    const errorCode = (error as { code?: string }).code;
    const known = errorCode ? CLIENT_ERRORS[errorCode] : undefined;
    if (known) {
      return reply
        .status(known.status)
        .send({ code: known.status === 400 ? CODE.validation : CODE.general, message: translate(locale, known.key) });
    }
    if (errorCode !== undefined && UNSTORABLE_TEXT.has(errorCode)) {
      return reply.status(400).send({ code: CODE.validation, message: translate(locale, 'common.badText') });
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 429) {
      return reply.status(429).send({ code: CODE.general, message: translate(locale, 'common.throttled') });
    }
    if (status !== undefined && status >= 400 && status < 500) {
      return reply
        .status(status)
        .send({ code: CODE.validation, message: translate(locale, 'validation.invalid', { field: 'request' }) });
    }
    request.log.error({ err: error, reqId: request.id, url: request.url }, 'unhandled error');
    return reply.status(500).send({ code: CODE.internal, message: translate(locale, 'common.internal') });
  });
  return app;
}

/** The refusal of a call made while a sign-in step is owed, by the step. */
const PENDING: Record<PendingStep, MessageKey> = {
  passwordChange: 'auth.passwordChangeRequired',
  twoFactorEnrol: 'auth.twoFactorEnrolRequired',
};

export type RouteContext<I> = {
  input: I;
  /** The caller; present on `perm` and `login` endpoints. */
  session: Session;
  /** The app user calling; present on `app` endpoints (and only there). */
  appSession: AppSession;
  request: FastifyRequest;
  reply: FastifyReply;
  locale: Locale;
};

/** The call a deletion came from, for the recycle bin: path without the query, validated input, operator. */
export function originOf(route: { request: FastifyRequest; input: unknown; session: Session | null }): DeletionOrigin {
  return { url: route.request.url.split('?', 1)[0] ?? '', params: route.input, userId: route.session?.userId ?? null };
}

export type OpenRouteContext<I> = Omit<RouteContext<I>, 'session'> & { session: Session | null };

/** What a handler may give back: the endpoint's declared answer, or the reply when it answered itself. */
// biome-ignore lint/suspicious/noConfusingVoidType: a handler of an endpoint that answers nothing returns Promise<void>.
type Answer<E> = ResultOf<E> extends undefined ? void : ResultOf<E>;
type HandlerResult<E> = Answer<E> | FastifyReply | Promise<Answer<E> | FastifyReply>;

/**
 * Mounts one declared endpoint at `/api` + its url: checks the session and the exact permission
 * the declaration derives, validates the input with the declaration's schema, and wraps what the
 * handler returns in the envelope. The handler's input is the schema's output type and its result
 * the declared answer type: both come from the declaration, so neither is written at the call.
 */
export function mount<E extends Endpoint>(
  app: FastifyInstance,
  gate: AuthGate,
  endpoint: E,
  handler: (ctx: RouteContext<InputOf<E>>) => HandlerResult<E>,
  options: { labels?: FieldLabels; config?: { requestLog?: boolean } } = {},
): void {
  const labels = options.labels ?? {};
  const input = endpoint.input;
  app.route({
    ...(options.config ? { config: options.config } : {}),
    method: endpoint.method === 'get' ? 'GET' : 'POST',
    url: `/api${endpoint.url}`,
    handler: async (request, reply) => {
      const raw = endpoint.method === 'get' ? request.query : (request.body ?? {});
      // Parsed before the session is checked, so a refused call is logged with its input too
      // (validated, never raw); a 401 or 403 still comes before a 400.
      const validated = input?.safeParse(raw, { reportInput: true });
      if (validated?.success) request.loggedInput = validated.data;
      let session: Session | null = null;
      let appSession: AppSession | null = null;
      // An open call with a permission (sessionPerm) is held to it when the caller sends a token.
      const sessionSent = endpoint.auth === 'open' && endpoint.perm !== null && !!request.headers.authorization;
      if (endpoint.auth === 'app') {
        // An app user's call: a staff token is no app user's, and is refused as any invalid token.
        appSession = await gate.authenticateApp(request.headers.authorization);
        request.appSession = appSession;
      } else if (endpoint.auth !== 'open' || sessionSent) {
        session = await gate.authenticate(request.headers.authorization);
        request.session = session;
        if (session.pendingStep !== null && endpoint.allowPending !== true)
          throw forbidden(PENDING[session.pendingStep]);
        // An owner's own rows (EndpointDef.ownRows): the handler keeps her to them.
        const ownRowsOnly = endpoint.ownRowsPerm !== null && holds(session, endpoint.ownRowsPerm);
        if (endpoint.perm !== null && !holds(session, endpoint.perm) && !ownRowsOnly) throw forbidden();
      }
      if (validated && !validated.success) throw validationError(validated.error, labels, request.locale);
      const parsed: unknown = validated ? validated.data : raw;
      const result = await handler({
        // The schema just checked it: this is its output type.
        input: parsed as InputOf<E>,
        // Null only on open endpoints, whose handlers take OpenRouteContext.
        session: session as Session,
        // Null except on app endpoints, whose handlers alone read it.
        appSession: appSession as AppSession,
        request,
        reply,
        locale: request.locale,
      });
      // The handler answered itself. Awaiting the reply it returned waits for the response to end
      // (a Fastify reply is a thenable) and gives undefined, not the reply: ask the reply, or the
      // envelope would be sent after the page ("Reply was already sent"). A streamed reply the client
      // left halfway (an aborted download) is neither sent nor ended, but its headers went: no envelope either.
      if (result === reply || reply.sent || reply.raw.headersSent) return reply;
      return ok(result);
    },
  });
}

export { endpointOf } from '@backroom/contract';
