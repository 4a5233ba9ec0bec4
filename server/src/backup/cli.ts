/**
 * `npm run backup -- --out <file>` and `npm run restore -- --from <file> [--force]`: one archive
 * of the install DATABASE_URL and DATA_DIR describe (read as `npm start` reads them), and back
 * (docs/operations.md, "Backups").
 */
import { ConfigError, loadConfig } from '../core/config.js';

const USAGE = {
  backup: 'usage: npm run backup -- --out <file.tar.gz>',
  restore: 'usage: npm run restore -- --from <file.tar.gz> [--force]',
};

const HELP = {
  backup: [
    USAGE.backup,
    '',
    'Writes one archive: the database (SQLite online backup, pg_dump, or mariadb-dump/mysqldump), the uploads',
    'folder (local storage) and $DATA_DIR/jwt-secret, with a manifest of versions, sizes and sha256 checksums.',
    'Safe while the server runs. Configuration: the same environment as npm start (DATABASE_URL, DATA_DIR...).',
    '',
    'More: docs/operations.md',
  ].join('\n'),
  restore: [
    USAGE.restore,
    '',
    'Checks the archive whole (checksums, database kind, schema not newer than this code), loads it into the',
    'empty database and DATA_DIR the environment names, then runs the migrations this version adds.',
    '',
    '  --force   replace what the target database and DATA_DIR hold (everything there is dropped)',
    '',
    'More: docs/operations.md',
  ].join('\n'),
};

type Command = keyof typeof USAGE;
type Parsed = { file: string; force: boolean } | 'help' | null;

export function parseArgs(command: Command, argv: readonly string[]): Parsed {
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  const flag = command === 'backup' ? '--out' : '--from';
  let file: string | undefined;
  let force = false;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === flag) file = argv[++i];
    else if (arg === '--force' && command === 'restore') force = true;
    else return null;
  }
  return file ? { file, force } : null;
}

const mb = (bytes: number) =>
  bytes < 1048576 ? `${(bytes / 1024).toFixed(1)} KB` : `${(bytes / 1048576).toFixed(1)} MB`;

async function main(command: Command, argv: readonly string[]): Promise<number> {
  const parsed = parseArgs(command, argv);
  if (parsed === 'help') {
    console.log(HELP[command]);
    return 0;
  }
  if (!parsed) {
    console.error(`${USAGE[command]}\n(npm run ${command} -- --help says more)`);
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`backroom: configuration error: ${error.message}`);
      return 1;
    }
    throw error;
  }
  try {
    if (command === 'backup') {
      const { takeBackup } = await import('./backup.js');
      const { file, bytes, manifest, ms } = await takeBackup(config, parsed.file);
      const uploads = manifest.files.filter((f) => f.path.startsWith('uploads/')).length;
      console.log(`backup written: ${file} (${mb(bytes)}, ${(ms / 1000).toFixed(1)} s)`);
      console.log(
        `  database: ${manifest.database}, schema ${manifest.schemaVersion}; ${mb(manifest.files[0]?.size ?? 0)} before compression`,
      );
      console.log(
        `  uploads: ${manifest.storage === 'local' ? `${uploads} files` : 'in the S3 bucket (not in this archive)'}`,
      );
      console.log(
        `  JWT secret: ${{ file: 'the jwt-secret file', environment: 'JWT_SECRET (not in this archive: keep it apart)', none: 'none yet' }[manifest.jwtSecret]}`,
      );
    } else {
      const { restoreBackup } = await import('./restore.js');
      const { manifest, migrated, files, ms } = await restoreBackup(config, parsed.file, { force: parsed.force });
      console.log(
        `restored ${parsed.file} (taken ${manifest.createdAt} by Backroom ${manifest.backroomVersion}) in ${(ms / 1000).toFixed(1)} s`,
      );
      console.log(`  database: ${manifest.database}; files placed: ${files}`);
      console.log(migrated.length > 0 ? `  migrated: ${migrated.join(', ')}` : '  schema: already this version');
      if (manifest.jwtSecret === 'environment') console.log('  set JWT_SECRET to the value the backed-up install had');
    }
    return 0;
  } catch (error) {
    console.error(`backroom ${command}: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  }
}

const command = process.argv[2];
if (command === 'backup' || command === 'restore') {
  main(command, process.argv.slice(3)).then((code) => process.exit(code));
} else {
  console.error('usage: tsx server/src/backup/cli.ts backup|restore …');
  process.exit(2);
}
