import type { WechatApp } from '../../../core/config.js';
import { optionalText, requireOpenid, type WechatIdentity, wechatGet } from './wechat-api.js';

/** The WeChat mini program: a `wx.login` code exchanged for the user's identity. */
export type MiniProgramProvider = {
  readonly appid: string;
  identify(code: string): Promise<WechatIdentity>;
};

type Code2Session = { openid?: string; unionid?: string; session_key?: string };

/** jscode2session (`GET /sns/jscode2session?appid&secret&js_code&grant_type=authorization_code`). */
export function createMiniProgramProvider(
  app: WechatApp,
  onFailure: Parameters<typeof wechatGet>[3],
): MiniProgramProvider {
  return {
    appid: app.appid,
    async identify(code) {
      const path = '/sns/jscode2session';
      const body = await wechatGet<Code2Session>(
        app.apiBase,
        path,
        { appid: app.appid, secret: app.secret, js_code: code, grant_type: 'authorization_code' },
        onFailure,
      );
      // The session_key stays here: nothing of ours needs it, and it must never reach a client.
      return { openid: requireOpenid(body, path, onFailure), unionid: optionalText(body.unionid, 64) };
    },
  };
}
