// Backroom sms plugin: posts the phone number and the sign-in code as JSON to the configured gateway.
// It runs in Backroom's sandbox (docs/plugins.md): no Node API; the network and HMAC come as
// capabilities in the context.

const DEFAULT_TEMPLATE = 'Your sign-in code is {code}. Do not share it with anyone.';

/** The request for one code: the JSON body and its headers. */
export function requestFor({ phone, code }, config, context) {
  const text = (config.template || DEFAULT_TEMPLATE).replaceAll('{code}', code);
  const body = JSON.stringify({ phone, code, text });
  const headers = { 'content-type': 'application/json' };
  if (config.authorization) headers.authorization = config.authorization;
  if (config.secret) headers['x-backroom-signature'] = context.hmac('sha256', config.secret, body, 'hex');
  return { url: config.url, body, headers };
}

export default {
  async send(message, context) {
    const request = requestFor(message, context.config, context);
    let response;
    try {
      response = await context.http({ method: 'POST', url: request.url, headers: request.headers, body: request.body });
    } catch (error) {
      // Said without the body: the code stays out of Backroom's log.
      throw new Error(
        `the SMS gateway cannot be reached (${/no answer within/.test(String(error?.message)) ? 'no answer in time' : 'network error'})`,
      );
    }
    if (response.status < 200 || response.status > 299)
      throw new Error(`the SMS gateway answered HTTP ${response.status}`);
    return { sent: true };
  },
};
