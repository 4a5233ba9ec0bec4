import { baseComm, baseOpen, dictInfo } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { dictApi, sessionApi } from './endpoint-refs';

describe('the session’s endpoints', () => {
  it('go where their declarations say', () => {
    const declared = {
      captcha: baseOpen.api.captcha,
      loginOptions: baseOpen.api.loginOptions,
      login: baseOpen.api.login,
      refreshToken: baseOpen.api.refreshToken,
      wecomLoginUrl: baseOpen.api.enterpriseWeChatLoginUrl,
      wecomLoginAccessToken: baseOpen.api.enterpriseWeChatLoginAccessToken,
      permmenu: baseComm.api.permmenu,
      person: baseComm.api.person,
      logout: baseComm.api.logout,
      passwordPolicy: baseComm.api.passwordPolicy,
      passwordChange: baseComm.api.passwordChange,
    };
    for (const [name, ref] of Object.entries(sessionApi)) {
      const endpoint = declared[name as keyof typeof declared];
      expect({ name, url: ref.url, method: ref.method }).toEqual({
        name,
        url: endpoint.url,
        method: endpoint.method,
      });
    }
  });

  it('the dictionaries’ call goes where its declaration says', () => {
    expect({ url: dictApi.data.url, method: dictApi.data.method }).toEqual({
      url: dictInfo.api.data.url,
      method: dictInfo.api.data.method,
    });
  });
});
