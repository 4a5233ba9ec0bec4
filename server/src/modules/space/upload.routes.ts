import path from 'node:path';
import { baseComm, extensionOf } from '@backroom/contract';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { badRequest, notFound } from '../../core/errors.js';
import { endpointOf, mount } from '../../core/http/server.js';
import { servedHeaders } from './served-headers.js';
import type { UploadPart, UploadService } from './upload.service.js';

/**
 * A path under /upload/ we serve: at most five folders deep, every part plain letters, digits,
 * dot, dash and underscore, none starting with a dot (no `..`, no hidden files, no encoded tricks).
 */
const SERVABLE = /^\/?(?:[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}\/){0,4}[A-Za-z0-9_-][A-Za-z0-9._-]{0,254}$/;

/**
 * base/comm/uploadMode and base/comm/upload (declared by the base comm controller, served here),
 * and the local upload folder at /upload/…
 */
export async function registerUploadRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  uploads: UploadService,
  uploadsDir: string,
) {
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
