/**
 * Builds and signs plugin packages (docs/plugins.md):
 *   npm run plugin -- keygen [--out <name>]        an Ed25519 key pair: <name>.key (keep it) and <name>.pub
 *   npm run plugin -- pack <dir> [--out <zip>]     checks <dir>/plugin.json and zips the folder (into dist/plugins/)
 *   npm run plugin -- sign <zip> --key <file>      signs every file of the package with the key
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '../../core/errors.js';
import { translate } from '../../core/i18n.js';
import { readPackage } from './package.js';
import { readFolder, signPackage, zipFiles } from './package-writer.js';
import { BACKROOM_VERSION } from './plugin.service.js';
import { generateSigningKey, keyIdOf } from './signing.js';

function option(args: string[], name: string): string | undefined {
  const at = args.indexOf(name);
  return at >= 0 ? args[at + 1] : undefined;
}

function explain(error: unknown): string {
  if (error instanceof AppError) return translate('en', error.key, error.params);
  return error instanceof Error ? error.message : String(error);
}

async function main(argv: string[]): Promise<void> {
  const [command, target] = argv;
  switch (command) {
    case 'keygen': {
      const out = option(argv, '--out') ?? 'plugin-signing';
      const { privateKeyPem, publicKey } = generateSigningKey();
      await fs.writeFile(`${out}.key`, privateKeyPem, { mode: 0o600, flag: 'wx' });
      await fs.writeFile(`${out}.pub`, `${publicKey}\n`, { flag: 'wx' });
      console.log(`wrote ${out}.key (private: keep it out of the repository) and ${out}.pub`);
      console.log(`key id ${keyIdOf(publicKey)}; trust it on a server with:\nPLUGIN_TRUSTED_KEYS=${publicKey}`);
      return;
    }
    case 'pack': {
      if (!target) throw new Error('usage: npm run plugin -- pack <dir> [--out <zip>]');
      const files = await readFolder(path.resolve(target));
      const zip = await zipFiles(files);
      const pkg = await readPackage(zip, [], BACKROOM_VERSION);
      // By default under dist/ (ignored by git): packing leaves nothing in the source tree.
      const out =
        option(argv, '--out') ?? path.join('dist', 'plugins', `${pkg.manifest.keyName}-${pkg.manifest.version}.zip`);
      await fs.mkdir(path.dirname(path.resolve(out)), { recursive: true });
      await fs.writeFile(out, zip);
      console.log(
        `wrote ${out}: ${pkg.manifest.keyName} ${pkg.manifest.version} (${pkg.manifest.hook}), ${files.size} files, unsigned`,
      );
      return;
    }
    case 'sign': {
      const keyFile = option(argv, '--key');
      if (!target || !keyFile) throw new Error('usage: npm run plugin -- sign <zip> --key <file>');
      const signed = await signPackage(await fs.readFile(target), await fs.readFile(keyFile, 'utf8'));
      const publicKey = (await readPackageSigner(signed)) ?? '';
      await fs.writeFile(target, signed);
      console.log(`signed ${target} with key ${keyIdOf(publicKey)}`);
      return;
    }
    default:
      throw new Error('usage: npm run plugin -- keygen | pack <dir> | sign <zip> --key <file>');
  }
}

async function readPackageSigner(zip: Buffer): Promise<string | null> {
  // Verifying against an empty trust list checks the signature and gives the key back.
  const { unzipPackage } = await import('./package.js');
  const files = await unzipPackage(zip);
  const signature = files.get('SIGNATURE.json');
  await readPackage(zip, [], BACKROOM_VERSION);
  return signature ? (JSON.parse(signature.toString('utf8')) as { publicKey: string }).publicKey : null;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(explain(error));
  process.exit(1);
});
