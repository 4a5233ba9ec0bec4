import fs from 'node:fs';
import path from 'node:path';
import { spaceInfo, spaceMenus, spaceType } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { mountCrud } from '../../core/crud/factory.js';
import { menuSeed, type SysMenuService } from '../base/index.js';
import { registerRecycleRelations } from '../recycle/index.js';
import { createFileLinks } from './file-links.js';
import { withPluginStorage } from './plugin-storage.js';
import { createSpaceInfoService } from './space-info.service.js';
import { createSpaceTypeService } from './space-type.service.js';
import { createStorage } from './storage.js';
import { registerUploadRoutes } from './upload.routes.js';
import { createUploadService } from './upload.service.js';
import { uploadQuotaSeed } from './upload-quota.js';

/** Temporary files older than this at start were left by a crash. */
const STALE_TEMP_MS = 3_600_000;

function removeStaleTemps(tempDir: string) {
  for (const name of fs.existsSync(tempDir) ? fs.readdirSync(tempDir) : []) {
    const file = path.join(tempDir, name);
    try {
      if (Date.now() - fs.statSync(file).mtimeMs > STALE_TEMP_MS) fs.rmSync(file, { force: true });
    } catch {
      // Gone meanwhile, or another instance's: nothing to do.
    }
  }
}

/**
 * The file space: uploads (base/comm/upload and uploadMode), the files at /upload/… (images and
 * media to anyone, private files to a reader the space allows or a signed link), files
 * (space/info) and their categories (space/type).
 */
export async function registerSpace(app: FastifyInstance, ctx: AppContext, base: { menus: SysMenuService }) {
  const uploadsDir = path.join(ctx.config.dataDir, 'uploads');
  const tempDir = path.join(ctx.config.dataDir, 'upload-tmp');
  fs.mkdirSync(uploadsDir, { recursive: true });
  fs.mkdirSync(tempDir, { recursive: true });
  removeStaleTemps(tempDir);

  // The enabled upload plugin first, the configured storage when there is none or it fails.
  const storage = withPluginStorage(
    createStorage(ctx.config.storage, uploadsDir, ctx.config.upload.baseUrl),
    ctx.plugins,
  );
  const links = createFileLinks(ctx.vault, ctx.config.upload.baseUrl);
  const files = createSpaceInfoService(ctx, links);
  await registerUploadRoutes(app, ctx, createUploadService(ctx, storage, tempDir), {
    uploadsDir,
    storage,
    links,
    files,
  });
  const types = createSpaceTypeService(ctx);
  mountCrud(app, ctx, files);
  mountCrud(app, ctx, types);

  // A restored file needs its category: restoring it alone after the category went is refused, not left dangling.
  registerRecycleRelations(spaceType.table, { references: [{ column: 'parentId', table: spaceType.table }] });
  registerRecycleRelations(spaceInfo.table, { references: [{ column: 'classifyId', table: spaceType.table }] });

  ctx.seeds.add(menuSeed(spaceMenus, base.menus));
  ctx.seeds.add(uploadQuotaSeed(ctx));
  return { files, types, storage };
}
