import { zipFiles } from '../../server/src/modules/plugin/package-writer.js';

/** A plugin package made here: a notify hook doing nothing, a README, a config schema with nested objects and secrets. */
export async function relayPlugin(keyName: string, version: string): Promise<Buffer> {
  const manifest = {
    keyName,
    name: `Relay ${keyName}`,
    version,
    author: 'E2E',
    description: 'Forwards events to a relay',
    hook: 'notify',
    entry: 'index.mjs',
    configSchema: {
      type: 'object',
      required: ['relay'],
      properties: {
        relay: {
          type: 'object',
          title: 'Relay',
          description: 'The server events go to',
          required: ['url'],
          properties: {
            url: { type: 'string', title: 'Relay URL', format: 'uri' },
            port: { type: 'integer', title: 'Port', minimum: 1, maximum: 65535, default: 443 },
            auth: {
              type: 'object',
              title: 'Sign-in',
              required: ['user'],
              properties: {
                user: { type: 'string', title: 'User' },
                token: { type: 'string', title: 'Access token', writeOnly: true },
              },
            },
          },
        },
        channels: { type: 'array', title: 'Channels', items: { type: 'string' } },
        verbose: { type: 'boolean', title: 'Verbose', description: 'Log every delivery' },
      },
    },
  };
  return zipFiles(
    new Map([
      ['plugin.json', Buffer.from(JSON.stringify(manifest))],
      ['index.mjs', Buffer.from('export default { async notify() {} };\n')],
      ['README.md', Buffer.from(`# Relay\n\nForwards events. See [the docs](https://example.com/relay).\n`)],
    ]),
  );
}
