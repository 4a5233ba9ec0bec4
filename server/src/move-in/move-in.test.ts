import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isLegacyHash, legacyHashOf, verifyLegacyHash, verifyPassword } from '../core/auth/password.js';
import { idList, permsKey } from './base-steps.js';
import { parseArgs } from './cli.js';
import { boolOf, type Run, sameColumns, timeOf } from './engine.js';
import { sourceName } from './move-in.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('legacy MD5 hashes', () => {
  it('are kept behind their prefix and checked only by verifyLegacyHash', async () => {
    const stored = legacyHashOf(md5('s3cret!')) ?? '';
    expect(isLegacyHash(stored)).toBe(true);
    expect(verifyLegacyHash('s3cret!', stored)).toBe(true);
    expect(verifyLegacyHash('s3cret', stored)).toBe(false);
    // The scrypt check never takes one.
    expect(await verifyPassword('s3cret!', stored)).toBe(false);
  });

  it('takes only an MD5 of 32 hex digits, in either case', () => {
    expect(legacyHashOf(md5('a').toUpperCase())).toBe(`legacy-md5$${md5('a')}`);
    expect(legacyHashOf('plain-text-password')).toBeNull();
    expect(legacyHashOf('')).toBeNull();
  });
});

describe("cool-admin's values", () => {
  it('reads its datetimes in every form a driver gives them', () => {
    expect(timeOf('2024-03-02 10:20:30.123')).toBe('2024-03-02 10:20:30');
    expect(timeOf('2024-03-02 10:20:30.123000')).toBe('2024-03-02 10:20:30');
    expect(timeOf('2024-03-02T10:20:30.000Z')).toBe('2024-03-02 10:20:30');
    expect(timeOf('2024-03-02 10:20')).toBe('2024-03-02 10:20:00');
    expect(timeOf('2024-03-02')).toBe('2024-03-02 00:00:00');
    expect(timeOf(new Date(2024, 2, 2, 10, 20, 30))).toBe('2024-03-02 10:20:30');
    expect(timeOf('not a time')).toBeNull();
    expect(timeOf(null)).toBeNull();
  });

  it('reads id lists joined by commas or as JSON, and permissions as a set', () => {
    expect(idList('1,2, 3')).toEqual(['1', '2', '3']);
    expect(idList('[4,5]')).toEqual(['4', '5']);
    expect(idList([6, 7])).toEqual(['6', '7']);
    expect(idList(null)).toEqual([]);
    expect(permsKey('b:x:page,a:x:info,b:x:page')).toBe(permsKey('a:x:info,b:x:page'));
  });

  it('brings its phones to their one spelling where they read as numbers (issue 35 §7)', () => {
    // sameColumns reads only the dialect and the time of the run.
    const run = { kind: 'sqlite', now: '2026-12-01 00:00:00' } as Run;
    expect(sameColumns(run, 'user_info', { phone: '+86 138-1234-5678' }).phone).toBe('13812345678');
    expect(sameColumns(run, 'user_info', { phone: '0138 1234 5678' }).phone).toBe('13812345678');
    expect(sameColumns(run, 'customer_info', { customerPhone: '010-1234 5678' }).customerPhone).toBe('+861012345678');
    expect(sameColumns(run, 'user_address', { phone: '(+86) 139 1234 5603' }).phone).toBe('13912345603');
    expect(sameColumns(run, 'base_sys_user', { phone: '139.1234.5604' }).phone).toBe('13912345604');
    // One that reads as no number comes as it was, and other columns as they were.
    expect(sameColumns(run, 'customer_info', { customerPhone: '8765 4321' }).customerPhone).toBe('8765 4321');
    expect(sameColumns(run, 'customer_info', { customerName: '0138 1234 5678' }).customerName).toBe('0138 1234 5678');
  });

  it('reads its booleans', () => {
    expect([1, '1', true, 'true', 0, '0', false, null].map(boolOf)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe('the command line', () => {
  it('takes the source and the flags, and refuses what it does not know', () => {
    expect(parseArgs(['--from', 'sqlite:/tmp/c.sqlite', '--dry-run', '--uploads', '/srv/upload'])).toEqual({
      from: 'sqlite:/tmp/c.sqlite',
      dryRun: true,
      merge: false,
      withLog: false,
      uploads: '/srv/upload',
    });
    expect(parseArgs(['--dry-run'])).toBeNull();
    expect(parseArgs(['--from', 'x', '--force'])).toBeNull();
  });

  /** The command as `npm run move-in` starts it, in a folder of its own (it must not touch a database to answer). */
  function run(args: string[]) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'br-move-in-cli-'));
    try {
      return spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'cli.ts'), ...args], {
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
        encoding: 'utf8',
        timeout: 60_000,
      });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }

  it('prints the usage on standard output for --help and -h, and exits 0', () => {
    for (const flag of ['--help', '-h']) {
      const result = run([flag]);
      expect(result.status).toBe(0);
      expect(result.stdout).toMatch(/^usage: npm run move-in -- --from <database url>/);
      expect(result.stdout).toContain('--uploads <dir>');
      expect(result.stderr).toBe('');
    }
    expect(parseArgs(['--from', 'x', '--help'])).toBe('help');
  }, 90_000);

  it('still refuses what it does not understand with the usage on standard error and exit 2', () => {
    const result = run(['--force']);
    expect(result.status).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^usage: npm run move-in -- /);
  }, 60_000);
});

describe('the source as a move-in event names it', () => {
  it('keeps a file’s name, a server’s host and database, and never a user or password', () => {
    expect(sourceName('sqlite:/srv/old/cool.sqlite')).toBe('sqlite:cool.sqlite');
    expect(sourceName('sqlite:C:\\data\\cool.db')).toBe('sqlite:cool.db');
    const server = sourceName('postgres://cool:p4ss-w0rd@db.example.com:5432/cool?sslmode=require');
    expect(server).toBe('postgres://db.example.com:5432/cool');
    expect(sourceName('mysql://root:hunter2@10.0.0.5/shop')).toBe('mysql://10.0.0.5/shop');
    expect(sourceName('not a url')).toBe('?');
  });
});
