/**
 * `npm run move-in -- --from <database url> [--dry-run] [--merge] [--uploads <dir>] [--with-log]` (or `--help`):
 * brings a cool-admin install's database into this install's (DATABASE_URL, DATA_DIR as `npm start`
 * reads them), after its migrations and seeds; prints the report (docs/move-in.md).
 */
import { ConfigError, loadConfig } from '../core/config.js';
import { AppError } from '../core/errors.js';
import type { MoveInOptions } from './move-in.js';

const USAGE = 'usage: npm run move-in -- --from <database url> [--dry-run] [--merge] [--uploads <dir>] [--with-log]';

/** What --help prints: the usage, then each option (docs/move-in.md tells the whole). */
const HELP = [
  USAGE,
  '',
  "Brings a cool-admin install's database into this one (DATABASE_URL, DATA_DIR as npm start reads them).",
  '',
  '  --from <database url>  the cool-admin database: mysql://…, postgres://… or sqlite:<file>',
  '  --dry-run              print the report of what would come over, change nothing',
  '  --merge                move into an install that already holds data besides its seed',
  "  --uploads <dir>        cool-admin's upload folder: its regular files are copied (links, pipes and devices are not)",
  '  --with-log             bring the request log too',
  '  --help, -h             print this and exit',
  '',
  'More: docs/move-in.md',
].join('\n');

/** The options of the command line, 'help' when it asks for the usage; null when they are not understood. */
export function parseArgs(argv: readonly string[]): MoveInOptions | 'help' | null {
  if (argv.includes('--help') || argv.includes('-h')) return 'help';
  let from: string | undefined;
  let uploads: string | undefined;
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--from') from = argv[++i];
    else if (arg === '--uploads') uploads = argv[++i];
    else if (arg === '--dry-run' || arg === '--merge' || arg === '--with-log') flags.add(arg);
    else return null;
  }
  if (!from || (uploads !== undefined && uploads === '')) return null;
  return {
    from,
    dryRun: flags.has('--dry-run'),
    merge: flags.has('--merge'),
    withLog: flags.has('--with-log'),
    ...(uploads ? { uploads } : {}),
  };
}

async function main(argv: readonly string[]): Promise<number> {
  const options = parseArgs(argv);
  if (options === 'help') {
    console.log(HELP);
    return 0;
  }
  if (!options) {
    console.error(`${USAGE}\n(npm run move-in -- --help says more)`);
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`backroom: configuration error: ${error.message}`);
      return 1;
    }
    throw error;
  }
  // The app (and with it every module) is loaded only for a move-in: --help and a bad line answer at once.
  const [{ buildApp }, { translate }, { MoveInRefused, moveIn }, { renderReport }] = await Promise.all([
    import('../app.js'),
    import('../core/i18n.js'),
    import('./move-in.js'),
    import('./report.js'),
  ]);
  const locale = config.seedLocale;
  const { ctx, close } = await buildApp(config);
  try {
    const report = await moveIn(ctx, options);
    console.log(renderReport(report, locale));
    return 0;
  } catch (error) {
    if (error instanceof MoveInRefused) console.error(translate(locale, error.said.key, error.said.params));
    else if (error instanceof AppError) console.error(translate(locale, error.key, error.params));
    else console.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await close();
  }
}

if (process.argv[1]?.endsWith('cli.ts') || process.argv[1]?.endsWith('cli.js')) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(1);
    },
  );
}
