// Backroom notify plugin: posts each event to the configured URL in the chosen robot's format.
// It runs in Backroom's sandbox (docs/plugins.md): no Node API; the network, HMAC and the log
// come as capabilities in the context.

const TITLES = {
  'task.failed': (e) => `Task "${e.taskName}" (#${e.taskId}) failed: ${e.error}`,
  'account.locked': (e) =>
    `Account "${e.username}" was locked${e.ip ? ` (from ${e.ip})` : ''}${e.until ? ` until ${e.until}` : ''}`,
  'export.large': (e) => `${e.username} exported ${e.rows} rows of ${e.entity}`,
  'plugin.installed': (e) =>
    `Plugin ${e.name} ${e.version} was installed${e.signer ? ` (signed by ${e.signer})` : ' (unsigned)'}`,
};

function textOf(event) {
  const title = TITLES[event.type];
  return `[Backroom] ${title ? title(event) : event.type} — ${event.at}`;
}

function dingTalkUrl(url, secret, context) {
  if (!secret) return url;
  const timestamp = Date.now();
  const sign = context.hmac('sha256', secret, `${timestamp}\n${secret}`, 'base64');
  const joiner = url.includes('?') ? '&' : '?';
  return `${url}${joiner}timestamp=${timestamp}&sign=${encodeURIComponent(sign)}`;
}

/** The request for one event in the configured format. */
export function requestFor(event, config, context) {
  const text = textOf(event);
  switch (config.format) {
    case 'wecom':
      return { url: config.url, body: { msgtype: 'text', text: { content: text } }, headers: {} };
    case 'dingtalk':
      return {
        url: dingTalkUrl(config.url, config.secret, context),
        body: { msgtype: 'text', text: { content: text } },
        headers: {},
      };
    case 'slack':
      return { url: config.url, body: { text }, headers: {} };
    default: {
      const body = { event, text };
      const headers = config.secret
        ? { 'x-backroom-signature': context.hmac('sha256', config.secret, JSON.stringify(body), 'hex') }
        : {};
      return { url: config.url, body, headers };
    }
  }
}

export default {
  async notify(event, context) {
    const { config } = context;
    if (Array.isArray(config.events) && config.events.length > 0 && !config.events.includes(event.type)) return;
    const request = requestFor(event, config, context);
    const response = await context.http({
      method: 'POST',
      url: request.url,
      headers: { 'content-type': 'application/json', ...request.headers },
      body: JSON.stringify(request.body),
    });
    if (response.status < 200 || response.status > 299) throw new Error(`the webhook answered HTTP ${response.status}`);
    return { delivered: true };
  },
};
