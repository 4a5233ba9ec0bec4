// Backroom sms plugin: posts the phone number and the sign-in code as JSON to the configured gateway.
import { createHmac } from 'node:crypto';

const DEFAULT_TEMPLATE = 'Your sign-in code is {code}. Do not share it with anyone.';

/** The request for one code: the JSON body and its headers. */
export function requestFor({ phone, code }, config) {
  const text = (config.template || DEFAULT_TEMPLATE).replaceAll('{code}', code);
  const body = JSON.stringify({ phone, code, text });
  const headers = { 'content-type': 'application/json' };
  if (config.authorization) headers.authorization = config.authorization;
  if (config.secret) headers['x-backroom-signature'] = createHmac('sha256', config.secret).update(body).digest('hex');
  return { url: config.url, body, headers };
}

export default {
  async send(message, { config }) {
    const request = requestFor(message, config);
    let response;
    try {
      response = await fetch(request.url, {
        method: 'POST',
        headers: request.headers,
        body: request.body,
        signal: AbortSignal.timeout(5000),
      });
    } catch (error) {
      // Said without the body: the code stays out of Backroom's log.
      throw new Error(
        `the SMS gateway cannot be reached (${error?.name === 'TimeoutError' ? 'no answer in 5 s' : 'network error'})`,
      );
    }
    if (!response.ok) throw new Error(`the SMS gateway answered HTTP ${response.status}`);
    return { sent: true };
  },
};
