import { spawn, spawnSync } from 'node:child_process';
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

/**
 * Starts the server on a fresh data folder, on loopback and a free port, until it says it is
 * serving (or the deadline); answers what it logged by then, and stops it.
 */
async function logUntilServing(env: Record<string, string>): Promise<string[]> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'br-main-'));
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let out = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const deadline = setTimeout(() => reject(new Error(`not serving within 90 s:\n${out}`)), 90_000);
      const look = (chunk: Buffer) => {
        out += chunk.toString('utf8');
        if (out.includes('Backroom is serving')) {
          clearTimeout(deadline);
          resolve();
        }
      };
      child.stdout.on('data', look);
      child.stderr.on('data', look);
      child.once('exit', (code) => {
        clearTimeout(deadline);
        reject(new Error(`exited with ${code} before serving:\n${out}`));
      });
    });
  } finally {
    child.kill('SIGTERM');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  return out
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => (JSON.parse(line) as { msg: string }).msg);
}

describe('the start-up log', () => {
  it('says where the public default password works while admin still has it, and how to avoid it', async () => {
    const said = await logUntilServing({});
    const warning = said.find((msg) => msg.startsWith('admin still has the public default password 123456'));
    expect(warning).toMatch(/accepted only from this machine \(http:\/\/127\.0\.0\.1:\d+, not through a proxy\)/);
    expect(warning).toContain('ADMIN_PASSWORD set before its first start');
  }, 120_000);

  it('says nothing of it when ADMIN_PASSWORD chose the password', async () => {
    const said = await logUntilServing({ ADMIN_PASSWORD: 'Operator-Chose9' });
    expect(said.some((msg) => msg.startsWith('Backroom is serving'))).toBe(true);
    expect(said.some((msg) => msg.includes('public default password'))).toBe(false);
  }, 120_000);
});
