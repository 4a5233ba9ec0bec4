import type { WechatApp } from '../../../core/config.js';
import { exchangeCode, type OnWechatFailure, optionalText, type WechatIdentity, wechatGet } from './wechat-api.js';

/** The WeChat official account: an OAuth2 web-authorisation code exchanged for the user's identity and profile. */
export type OfficialAccountProvider = {
  readonly appid: string;
  identify(code: string): Promise<WechatIdentity>;
};

type AccessToken = { access_token?: string; openid?: string; scope?: string; unionid?: string };
type UserInfo = { openid?: string; nickname?: string; headimgurl?: string; sex?: number; unionid?: string };

/**
 * `GET /sns/oauth2/access_token?appid&secret&code&grant_type=authorization_code`, then, when the
 * user granted `snsapi_userinfo`, `GET /sns/userinfo?access_token&openid&lang=zh_CN`.
 */
export function createOfficialAccountProvider(app: WechatApp, onFailure: OnWechatFailure): OfficialAccountProvider {
  return {
    appid: app.appid,
    async identify(code) {
      const {
        body: token,
        openid,
        unionid,
      } = await exchangeCode<AccessToken>(app, '/sns/oauth2/access_token', 'code', code, onFailure);
      const scopes = (token.scope ?? '').split(',');
      if (!scopes.includes('snsapi_userinfo') || typeof token.access_token !== 'string') return { openid, unionid };
      const infoPath = '/sns/userinfo';
      const info = await wechatGet<UserInfo>(
        app.apiBase,
        infoPath,
        { access_token: token.access_token, openid, lang: 'zh_CN' },
        onFailure,
      );
      const sex = info.sex === 1 || info.sex === 2 ? info.sex : 0;
      return {
        openid,
        unionid: optionalText(info.unionid, 64) ?? unionid,
        profile: {
          nickName: optionalText(info.nickname, 100),
          avatarUrl: optionalText(info.headimgurl, 500),
          gender: sex,
        },
      };
    },
  };
}
