import fs from 'node:fs';
import path from 'node:path';
import { label } from '@backroom/contract';
import type { Said } from './report.js';

/**
 * The files of `--uploads` that move-in may copy (docs/move-in.md, "Files"): only regular files
 * whose real path lies inside the folder. Every part of a file's address is looked at without
 * following it, so a symbolic link, as the file or as a folder on its way, is skipped and named
 * in the report, whether it leads out of the folder (`/etc/passwd`, `$DATA_DIR/jwt-secret`) or to
 * another file inside it: the folder a cool-admin install writes holds regular files only, so a
 * link is something someone put there, and what it leads to is not copied in its name. Devices,
 * named pipes and sockets are skipped too (reading a pipe would wait for ever). The folder given
 * may itself be reached through a link: the operator named it.
 */
export type UploadFolder = {
  /** A file's place in the folder (its `/upload/…` key), vetted: the file to copy, or why not. */
  vet(key: string): { file: VettedFile } | { skip: Said };
};

/** A regular file inside the folder, as it was when vetted (its device and inode). */
export type VettedFile = { readonly path: string; readonly dev: number; readonly ino: number };

const MISSING: Said = { key: 'moveIn.skip.fileMissing' };

const KINDS = {
  directory: label('文件夹', '資料夾', 'folder'),
  fifo: label('命名管道', '具名管道', 'named pipe'),
  device: label('设备文件', '裝置檔案', 'device'),
  socket: label('套接字', '通訊端', 'socket'),
} as const;

function kindOf(stat: fs.Stats): (typeof KINDS)[keyof typeof KINDS] {
  if (stat.isDirectory()) return KINDS.directory;
  if (stat.isFIFO()) return KINDS.fifo;
  if (stat.isSocket()) return KINDS.socket;
  return KINDS.device;
}

const isInside = (root: string, real: string) => real.startsWith(root.endsWith(path.sep) ? root : root + path.sep);

/** A name as the report prints it: control characters (a terminal's escapes) shown as `?`. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is the point.
export const printable = (text: string) => text.replace(/[\u0000-\u001f\u007f-\u009f]/g, '?');

export function openUploadFolder(dir: string): UploadFolder {
  let root: string | undefined;
  try {
    root = fs.realpathSync(dir);
  } catch {
    // No such folder: every file is missing from it.
  }

  /** Why a link is skipped: where it leads, in the folder or out of it. */
  function linkSkip(root: string, at: string, key: string): Said {
    const target = printable(fs.readlinkSync(at));
    let real: string | undefined;
    try {
      real = fs.realpathSync(at);
    } catch {
      // A link to nothing: said as leading out, as it leads nowhere in the folder.
    }
    const inside = real !== undefined && isInside(root, real);
    return {
      key: inside ? 'moveIn.skip.fileLinkInside' : 'moveIn.skip.fileLinkOutside',
      params: { file: key, target },
    };
  }

  return {
    vet(key) {
      if (root === undefined) return { skip: MISSING };
      const parts = key.split('/');
      let at = root;
      for (const [i, part] of parts.entries()) {
        at = path.join(at, part);
        let stat: fs.Stats;
        try {
          stat = fs.lstatSync(at);
        } catch {
          return { skip: MISSING };
        }
        if (stat.isSymbolicLink()) return { skip: linkSkip(root, at, key) };
        if (i < parts.length - 1) {
          if (!stat.isDirectory()) return { skip: MISSING };
        } else if (!stat.isFile()) {
          return { skip: { key: 'moveIn.skip.fileNotRegular', params: { file: printable(key), kind: kindOf(stat) } } };
        } else {
          // No part was a link, so this is the real path; said again in case the key held a trick path.
          if (!isInside(root, at)) return { skip: MISSING };
          return { file: { path: at, dev: stat.dev, ino: stat.ino } };
        }
      }
      return { skip: MISSING };
    },
  };
}

const CHUNK = 1 << 20;

/**
 * Copies a vetted file to `to` (which must not exist yet), reading the file it opens without
 * following a link and only if it is still the file that was vetted: a link or another file put
 * in its place since is not copied. False when it was not.
 */
export function copyVetted(file: VettedFile, to: string): boolean {
  let from: number;
  try {
    from = fs.openSync(file.path, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | fs.constants.O_NONBLOCK);
  } catch {
    return false;
  }
  try {
    const stat = fs.fstatSync(from);
    if (!stat.isFile() || stat.dev !== file.dev || stat.ino !== file.ino) return false;
    fs.mkdirSync(path.dirname(to), { recursive: true });
    const out = fs.openSync(to, 'wx');
    try {
      const buffer = Buffer.allocUnsafe(CHUNK);
      for (;;) {
        const n = fs.readSync(from, buffer, 0, CHUNK, null);
        if (n === 0) break;
        let written = 0;
        while (written < n) written += fs.writeSync(out, buffer, written, n - written);
      }
    } finally {
      fs.closeSync(out);
    }
    return true;
  } finally {
    fs.closeSync(from);
  }
}
