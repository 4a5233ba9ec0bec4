import type { baseComm, baseOpen, dictInfo, Endpoint, HttpMethod } from '@backroom/contract';
import type { Callable } from './request';

type InputSchemaOf<E> = E extends Endpoint<string, infer S, unknown> ? S : never;
type AnswerOf<E> = E extends Endpoint<string, infer _S, infer O> ? O : never;

/**
 * An endpoint named by its declaration's type alone. The sign-in page, the token refresh, the menu
 * load and the shell's own calls come before any screen and must not bring the contract's zod
 * schemas with them, so they cannot hold the declaration itself: the url and method are written here once, the action
 * name, body and answer are checked by the compiler, and endpoint-refs.test.ts checks the url and
 * method against the declaration.
 */
export function endpointRef<E extends Endpoint>(
  url: string,
  method: HttpMethod,
): Callable<InputSchemaOf<E>, AnswerOf<E>> {
  return { url, method };
}

/** The session's calls (sign in, refresh, the user and the menus, sign out), typed by their declarations. */
export const sessionApi = {
  captcha: endpointRef<typeof baseOpen.api.captcha>('/admin/base/open/captcha', 'get'),
  loginOptions: endpointRef<typeof baseOpen.api.loginOptions>('/admin/base/open/loginOptions', 'get'),
  login: endpointRef<typeof baseOpen.api.login>('/admin/base/open/login', 'post'),
  refreshToken: endpointRef<typeof baseOpen.api.refreshToken>('/admin/base/open/refreshToken', 'get'),
  wecomLoginUrl: endpointRef<typeof baseOpen.api.enterpriseWeChatLoginUrl>(
    '/admin/base/open/enterpriseWeChatLoginUrl',
    'get',
  ),
  wecomLoginAccessToken: endpointRef<typeof baseOpen.api.enterpriseWeChatLoginAccessToken>(
    '/admin/base/open/enterpriseWeChatLoginAccessToken',
    'get',
  ),
  permmenu: endpointRef<typeof baseComm.api.permmenu>('/admin/base/comm/permmenu', 'get'),
  person: endpointRef<typeof baseComm.api.person>('/admin/base/comm/person', 'get'),
  logout: endpointRef<typeof baseComm.api.logout>('/admin/base/comm/logout', 'post'),
  passwordPolicy: endpointRef<typeof baseComm.api.passwordPolicy>('/admin/base/comm/passwordPolicy', 'get'),
  passwordChange: endpointRef<typeof baseComm.api.passwordChange>('/admin/base/comm/passwordChange', 'post'),
};

/** The dictionaries every screen reads (core/dictionaries.ts), the home page's charts among them. */
export const dictApi = {
  data: endpointRef<typeof dictInfo.api.data>('/admin/dict/info/data', 'post'),
};
