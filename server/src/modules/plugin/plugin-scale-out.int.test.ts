import { randomBytes } from 'node:crypto';
import { pluginInfo } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { eventually } from '../../testing/fixtures.js';
import { dataOf, startApps, testTargets } from '../../testing/harness.js';
import { examplePackage, install, signingKey, startReceiver } from './plugin.fixtures.js';

const redisUrl = process.env.TEST_REDIS_URL;
const postgres = testTargets().find((t) => t.name === 'postgres');
if (!postgres || !redisUrl) {
  console.warn('[integration] skipped: plugins on two instances (TEST_PG_URL and TEST_REDIS_URL are not both set)');
}

/**
 * Two instances on one PostgreSQL database and one Redis: a plugin enabled, reconfigured and
 * disabled through one of them takes effect on the other without a restart.
 */
describe.skipIf(!postgres || !redisUrl)('plugins on two instances', () => {
  it('enables, reconfigures and disables a plugin on every instance through the bus', async () => {
    const apps = await startApps(postgres as NonNullable<typeof postgres>, 2, {
      JWT_SECRET: randomBytes(32).toString('hex'),
      REDIS_URL: redisUrl as string,
      REDIS_PREFIX: `br-test:${randomBytes(4).toString('hex')}:`,
      PLUGIN_TRUSTED_KEYS: signingKey.publicKey,
    });
    const first = await startReceiver();
    const second = await startReceiver();
    try {
      const [a, b] = apps as [(typeof apps)[0], (typeof apps)[0]];
      const token = (await a.login()).token;
      const { id } = dataOf(
        await install(a, token, await examplePackage('notify-webhook'), { approveNetwork: 'true' }),
      );
      dataOf(
        await a.post(
          `${pluginInfo.prefix}/update`,
          { id, config: { url: first.url, format: 'slack' }, status: 1 },
          token,
        ),
      );
      const event = {
        type: 'account.locked',
        at: '2026-01-01 00:00:00',
        username: 'x',
        ip: null,
        until: null,
      } as const;
      // B hears of it and starts the plugin: its events go out.
      await eventually(async () => {
        b.ctx.plugins.notify(event);
        return first.received.length > 0;
      });
      expect(first.received[0]).toEqual({ text: expect.stringContaining('Account "x" was locked') });
      // A new URL, set on A, is the one B's plugin posts to.
      dataOf(
        await a.post(`${pluginInfo.prefix}/update`, { id, config: { url: second.url, format: 'generic' } }, token),
      );
      await eventually(async () => {
        b.ctx.plugins.notify(event);
        return second.received.length > 0;
      });
      // Disabled on A: B's process stops and B delivers nothing more.
      dataOf(await a.post(`${pluginInfo.prefix}/update`, { id, status: 0 }, token));
      await eventually(async () => {
        const before = second.received.length;
        b.ctx.plugins.notify(event);
        await new Promise((resolve) => setTimeout(resolve, 300));
        return second.received.length === before;
      });
    } finally {
      first.server.close();
      second.server.close();
      for (const app of apps) await app.stop();
    }
  });
});
