// Backroom notify plugin: posts each event to the configured URL in the chosen robot's format.
import { createHmac } from 'node:crypto';

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

function dingTalkUrl(url, secret) {
  if (!secret) return url;
  const timestamp = Date.now();
  const sign = createHmac('sha256', secret).update(`${timestamp}\n${secret}`).digest('base64');
  const target = new URL(url);
  target.searchParams.set('timestamp', String(timestamp));
  target.searchParams.set('sign', sign);
  return target.toString();
}

/** The request for one event in the configured format. */
export function requestFor(event, config) {
  const text = textOf(event);
  switch (config.format) {
    case 'wecom':
      return { url: config.url, body: { msgtype: 'text', text: { content: text } }, headers: {} };
    case 'dingtalk':
      return {
        url: dingTalkUrl(config.url, config.secret),
        body: { msgtype: 'text', text: { content: text } },
        headers: {},
      };
    case 'slack':
      return { url: config.url, body: { text }, headers: {} };
    default: {
      const body = { event, text };
      const headers = config.secret
        ? { 'x-backroom-signature': createHmac('sha256', config.secret).update(JSON.stringify(body)).digest('hex') }
        : {};
      return { url: config.url, body, headers };
    }
  }
}

export default {
  async notify(event, { config }) {
    if (Array.isArray(config.events) && config.events.length > 0 && !config.events.includes(event.type)) return;
    const request = requestFor(event, config);
    const response = await fetch(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...request.headers },
      body: JSON.stringify(request.body),
      signal: AbortSignal.timeout(5000),
    });
    if (!response.ok) throw new Error(`the webhook answered HTTP ${response.status}`);
    return { delivered: true };
  },
};
