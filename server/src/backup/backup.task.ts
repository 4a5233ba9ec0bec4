import fs from 'node:fs';
import path from 'node:path';
import { label } from '@backroom/contract';
import { z } from 'zod';
import type { AppContext } from '../core/context.js';
import type { TaskHandler } from '../core/task-handlers.js';
import { takeBackup } from './backup.js';

/** What the nightly backup task's files are called: `backroom-20261202-020000-000.tar.gz` (UTC). */
const NAME = /^backroom-\d{8}-\d{6}-\d{3}\.tar\.gz$/;

export const backupArgs = z
  .object({
    /** Where the archives go: an absolute path, or one relative to DATA_DIR. */
    folder: z.string().trim().min(1).max(1000),
    /** How many of the newest archives in the folder are kept; older ones are removed after a backup succeeds. */
    keep: z.number().int().min(1).max(1000),
  })
  .strict();

export type BackupArgs = z.infer<typeof backupArgs>;

export function archiveName(at: Date): string {
  const iso = at.toISOString();
  return `backroom-${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}-${iso.slice(20, 23)}.tar.gz`;
}

/** Removes all but the newest `keep` archives of the task in `folder`; returns the names removed. */
export function rotate(folder: string, keep: number): string[] {
  const ours = fs
    .readdirSync(folder)
    .filter((name) => NAME.test(name))
    .sort();
  const removed = ours.slice(0, Math.max(0, ours.length - keep));
  for (const name of removed) fs.rmSync(path.join(folder, name), { force: true });
  return removed;
}

/** The `base:backup` handler: one backup into the folder, then the oldest beyond `keep` removed. */
export function backupHandler(ctx: AppContext): TaskHandler {
  return {
    name: 'base:backup',
    label: label('数据备份', '資料備份', 'Backup'),
    args: backupArgs,
    async run(raw, signal) {
      const args = backupArgs.parse(raw);
      const folder = path.resolve(ctx.config.dataDir, args.folder);
      try {
        const result = await takeBackup(ctx.config, path.join(folder, archiveName(new Date())), { signal });
        const removed = rotate(folder, args.keep);
        return {
          file: result.file,
          bytes: result.bytes,
          ms: result.ms,
          schema: result.manifest.schemaVersion,
          removed,
        };
      } catch (error) {
        // Said in the server's log as well as the run log (and the failed-task notice): alert on it.
        ctx.log.error({ err: error, folder }, 'the scheduled backup failed');
        throw error;
      }
    },
  };
}

/** The system task that runs it: every night at 02:00 (before the retention tasks), 7 kept in $DATA_DIR/backups. */
export const BACKUP_TASK = {
  service: 'base:backup',
  name: label('每日备份', '每日備份', 'Nightly backup'),
  cron: '0 2 * * *',
  data: { folder: 'backups', keep: 7 } satisfies BackupArgs,
  remark: label(
    '每天 02:00 把数据库、上传文件和密钥备份到一个归档（参数 folder：目录，相对 DATA_DIR 或绝对路径；keep：保留最近几份）',
    '每天 02:00 把資料庫、上傳檔案和金鑰備份到一個歸檔（參數 folder：目錄，相對 DATA_DIR 或絕對路徑；keep：保留最近幾份）',
    'Every day at 02:00, backs up the database, the uploads and the secret into one archive (folder: relative to DATA_DIR or absolute; keep: how many of the newest stay)',
  ),
};
