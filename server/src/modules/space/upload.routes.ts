import path from 'node:path';
import { baseComm, extensionOf, isPrivateFile } from '@backroom/contract';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { AppError, badRequest, notFound } from '../../core/errors.js';
import { endpointOf, mount } from '../../core/http/server.js';
import type { FileLinks } from './file-links.js';
import { servedHeaders } from './served-headers.js';
import type { SpaceInfoService } from './space-info.service.js';
import { type FileStorage, isStorageKey } from './storage.js';
import type { UploadPart, UploadService } from './upload.service.js';

/**
 * A path under /upload/ we serve: at most five folders deep, every part plain letters, digits,
 * dot, dash and underscore, none starting with a dot (no `..`, no hidden files, no encoded tricks).
 */
const SERVABLE = /^\/?(?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}\/){0,4}[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$/;

/** What serves the files at /upload/…: the local folder, the storage (a bucket's private files), the links and the space's rules. */
export type ServedFiles = {
  uploadsDir: string;
  storage: FileStorage;
  links: FileLinks;
  files: SpaceInfoService;
};

/** A private file is no business of a cache between the server and its reader. */
const PRIVATE_CACHE = 'private, no-store';

/**
 * base/comm/uploadMode and base/comm/upload (declared by the base comm controller, served here),
 * and the files at /upload/…: images and media to anyone with the address, private files (see
 * `isPrivateFile`) only with a valid signed link or to a signed-in reader the file space allows;
 * to anyone else a private file is a 404, as a file nobody has.
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  uploads: UploadService,
  served: ServedFiles,
) {
  const { uploadsDir, storage, links, files } = served;

  /** Whether the request's token is a session whose operator may read this file (`Authorization`, as the API takes it). */
  async function signedInReader(request: FastifyRequest, filePath: string): Promise<boolean> {
    const authorization = request.headers.authorization;
    if (!authorization) return false;
    try {
      const session = await ctx.gate.authenticate(authorization);
      return session.pendingStep === null && (await files.mayRead(session, filePath));
    } catch (error) {
      if (error instanceof AppError && error.status === 401) return false;
      throw error;
    }
  }

  /** Lets a private file through to whoever may read it (then a bucket's is sent from here), else a 404. */
  async function guardPrivate(request: FastifyRequest, reply: FastifyReply) {
    const at = request.url.indexOf('?');
    const pathname = at < 0 ? request.url : request.url.slice(0, at);
    // Nothing encoded or unusual reaches the folder: only the plain paths we hand out.
    if (!SERVABLE.test(pathname.slice('/upload'.length))) throw notFound();
    if (!isPrivateFile(pathname)) return;
    const query = new URLSearchParams(at < 0 ? '' : request.url.slice(at + 1));
    if (!links.verify(pathname, query) && !(await signedInReader(request, pathname))) throw notFound();
    if (!storage.open) return;
    const key = pathname.slice('/upload/'.length);
    const object = isStorageKey(key) ? await storage.open(key) : null;
    if (!object) throw notFound();
    reply.headers({ ...servedHeaders(extensionOf(key)), 'cache-control': PRIVATE_CACHE });
    if (object.size !== undefined) reply.header('content-length', object.size);
    return reply.send(object.body);
  }
  mount(app, ctx.gate, endpointOf(baseComm, 'uploadMode'), () => uploads.mode());

  const { maxFiles, maxBytes } = uploads.limits;
  // Multipart bodies are accepted on this one route only; every other POST stays JSON with its 1 MB limit.
  await app.register(async (scope) => {
    await scope.register(fastifyMultipart, {
      limits: {
        fileSize: maxBytes,
        files: maxFiles,
        fields: 10,
        fieldSize: 4096,
        fieldNameSize: 100,
        parts: maxFiles + 10,
        headerPairs: 100,
      },
    });
    mount(scope, ctx.gate, endpointOf(baseComm, 'upload'), async ({ request, session }) => {
      if (!request.isMultipart()) throw badRequest('space.notMultipart');
      const urls = await uploads.receive(request.parts() as AsyncIterable<UploadPart>, session.userId);
      // The family's clients upload one file at a time and read a plain address.
      const [only] = urls;
      return urls.length === 1 && only !== undefined ? only : urls;
    });
  });

  await app.register(
    async (scope) => {
      // Under /upload/ a missing file is a 404, never the web app's page (nor a folder listing).
      scope.setNotFoundHandler(() => {
        throw notFound();
      });
      scope.addHook('onRequest', guardPrivate);
      // The folder's long cache is for images and media; a private file's answer is kept by no cache.
      scope.addHook('onSend', async (request, reply) => {
        if (isPrivateFile(request.url)) reply.header('cache-control', PRIVATE_CACHE);
      });
      scope.get('/', () => {
        throw notFound();
      });
      await scope.register(fastifyStatic, {
        root: uploadsDir,
        prefix: '/',
        decorateReply: false,
        index: false,
        list: false,
        redirect: false,
        dotfiles: 'deny',
        serveDotFiles: false,
        // Our own type by extension, set below; never the mime module's guess.
        contentType: false,
        // Generated names never change content.
        maxAge: '365d',
        immutable: true,
        allowedPath: (pathname) => SERVABLE.test(pathname),
        setHeaders: (res, filePath) => {
          for (const [name, value] of Object.entries(servedHeaders(extensionOf(path.basename(filePath))))) {
            res.setHeader(name, value);
          }
        },
      });
    },
    { prefix: '/upload' },
  );
}
