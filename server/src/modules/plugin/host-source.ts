/**
 * The script each plugin process runs (written to `$DATA_DIR/plugins/.host/host.mjs` at start, so
 * the built server needs no file beside its bundle). It loads the plugin's entry, answers the
 * server's calls over IPC, and reports a refused file, process or worker access as a violation.
 * It holds no secret: the process gets an empty environment and reads only its own folders.
 */
export const HOST_SOURCE = `
const [entry, scratchDir] = process.argv.slice(2);
const send = (message) => { try { process.send(message); } catch { process.exit(70); } };
const describe = (error) => (error && error.message ? String(error.message) : String(error)).slice(0, 500);
const denied = (error) => Boolean(error && error.code === 'ERR_ACCESS_DENIED');
const violation = (error) => {
  send({ type: 'violation', error: describe(error) + (error && error.permission ? ' (' + error.permission + ')' : '') + (error && error.resource ? ': ' + String(error.resource).slice(0, 200) : '') });
  setTimeout(() => process.exit(71), 50);
};
process.on('uncaughtException', (error) => {
  if (denied(error)) return violation(error);
  send({ type: 'crash', error: describe(error) });
  setTimeout(() => process.exit(1), 50);
});
process.on('unhandledRejection', (error) => {
  if (denied(error)) return violation(error);
  send({ type: 'crash', error: describe(error) });
  setTimeout(() => process.exit(1), 50);
});
process.on('disconnect', () => process.exit(0));
let plugin;
try {
  const mod = await import(entry);
  plugin = mod.default ?? mod;
} catch (error) {
  if (denied(error)) violation(error);
  else { send({ type: 'crash', error: 'cannot load the entry: ' + describe(error) }); setTimeout(() => process.exit(1), 50); }
}
if (plugin) {
  process.on('message', async (message) => {
    if (!message || typeof message !== 'object' || typeof message.id !== 'number') return;
    const fn = plugin[message.method];
    if (typeof fn !== 'function') {
      send({ type: 'answer', id: message.id, ok: false, error: 'the plugin has no ' + String(message.method) + ' function' });
      return;
    }
    try {
      const result = await fn.call(plugin, message.args, { config: message.config ?? {}, scratchDir });
      send({ type: 'answer', id: message.id, ok: true, result: result === undefined ? null : result });
    } catch (error) {
      if (denied(error)) return violation(error);
      send({ type: 'answer', id: message.id, ok: false, error: describe(error) });
    }
  });
  send({ type: 'ready' });
}
`;
