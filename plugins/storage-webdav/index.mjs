// Backroom upload plugin: stores files on a WebDAV server with PUT, removes them with DELETE.
// It runs in Backroom's sandbox (docs/plugins.md): no Node API; it never reads the file itself,
// it names it (`bodyFile`) to the http capability, which sends it.

const KEY = /^\d{8}\/[0-9a-f-]{36}\.[a-z0-9]{1,10}$/;

function base(url) {
  return url.endsWith('/') ? url : `${url}/`;
}

function headersOf(config, context) {
  if (!config.username) return {};
  return { authorization: `Basic ${context.base64(`${config.username}:${config.password ?? ''}`)}` };
}

export default {
  async put({ file, key, contentType }, context) {
    const { config } = context;
    if (!KEY.test(key)) throw new Error(`unexpected key ${key}`);
    const folder = key.slice(0, key.indexOf('/'));
    // MKCOL answers 405 when the folder is already there.
    const made = await context.http({
      method: 'MKCOL',
      url: `${base(config.url)}${folder}/`,
      headers: headersOf(config, context),
    });
    if ((made.status < 200 || made.status > 299) && made.status !== 405)
      throw new Error(`MKCOL ${folder} answered HTTP ${made.status}`);
    const stored = await context.http({
      method: 'PUT',
      url: `${base(config.url)}${key}`,
      headers: { ...headersOf(config, context), 'content-type': contentType },
      bodyFile: file,
    });
    if (stored.status < 200 || stored.status > 299) throw new Error(`PUT ${key} answered HTTP ${stored.status}`);
    return { url: `${base(config.publicUrl)}${key}` };
  },
  async remove({ key }, context) {
    const { config } = context;
    if (!KEY.test(key)) throw new Error(`unexpected key ${key}`);
    const response = await context.http({
      method: 'DELETE',
      url: `${base(config.url)}${key}`,
      headers: headersOf(config, context),
    });
    if ((response.status < 200 || response.status > 299) && response.status !== 404)
      throw new Error(`DELETE ${key} answered HTTP ${response.status}`);
    return null;
  },
};
