import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { z } from 'zod';

/** The first file of every backup archive: what it holds and how to check it. */
export const MANIFEST_NAME = 'manifest.json';
export const FORMAT = 'backroom-backup';
export const FORMAT_VERSION = 1;

const fileSchema = z.object({
  path: z.string().min(1),
  size: z.number().int().min(0),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  /** The Backroom release that took it (the root package.json's version). */
  backroomVersion: z.string(),
  /** The last migration the database had run: the schema's version. */
  schemaVersion: z.string(),
  /** Every migration the database had run, in order. */
  migrations: z.array(z.string()),
  database: z.enum(['sqlite', 'postgres', 'mysql']),
  /** The server's version as the database reports it (`select version()`), or SQLite's library version. */
  databaseVersion: z.string(),
  createdAt: z.string(),
  /** `local`: the uploads folder is in the archive; `s3`: the files are in the bucket, not here. */
  storage: z.enum(['local', 's3']),
  /** `file`: $DATA_DIR/jwt-secret is in the archive; `environment`: JWT_SECRET is set and must be set again. */
  jwtSecret: z.enum(['file', 'environment', 'none']),
  files: z.array(fileSchema),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type ManifestFile = z.infer<typeof fileSchema>;

export async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest('hex');
}

/** The version in the package.json of the repository this code runs from (source or built). */
export function backroomVersion(): string {
  let dir = import.meta.dirname;
  for (let i = 0; i < 6; i += 1) {
    try {
      const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === 'backroom' && pkg.version) return pkg.version;
    } catch {}
    dir = path.dirname(dir);
  }
  return 'unknown';
}
