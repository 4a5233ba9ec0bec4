import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const main = path.join(import.meta.dirname, 'main.ts');

function start(env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'br-main-'));
  const result = spawnSync(process.execPath, ['--import', 'tsx', main], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  fs.rmSync(dataDir, { recursive: true, force: true });
  return result;
}

describe('starting with a bad configuration', () => {
  it('a malformed DATABASE_URL exits with one clear line, not a stack trace', () => {
    const result = start({ DATABASE_URL: 'oracle://db.example/x' });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^backroom: configuration error: DATABASE_URL: unsupported scheme/);
  });

  it('an unreachable database exits with one clear line naming it', () => {
    const result = start({ DATABASE_URL: 'postgres://nobody@127.0.0.1:1/nothing' });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^backroom: cannot start: cannot open the database \(postgres\): /);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  });

  it('an unreachable Redis exits with one clear line naming it', () => {
    const result = start({ REDIS_URL: 'redis://127.0.0.1:1' });
    expect(result.status).toBe(1);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^backroom: cannot start: cannot reach Redis at REDIS_URL/);
  });
});
