import type { WechatApp } from '../../../core/config.js';
import { exchangeCode, type OnWechatFailure, type WechatIdentity } from './wechat-api.js';

/** The WeChat mini program: a `wx.login` code exchanged for the user's identity. */
export type MiniProgramProvider = {
  readonly appid: string;
  identify(code: string): Promise<WechatIdentity>;
};

type Code2Session = { openid?: string; unionid?: string; session_key?: string };

/** jscode2session (`GET /sns/jscode2session?appid&secret&js_code&grant_type=authorization_code`). */
export function createMiniProgramProvider(app: WechatApp, onFailure: OnWechatFailure): MiniProgramProvider {
  return {
    appid: app.appid,
    async identify(code) {
      // The session_key stays here: nothing of ours needs it, and it must never reach a client.
      const { openid, unionid } = await exchangeCode<Code2Session>(
        app,
        '/sns/jscode2session',
        'js_code',
        code,
        onFailure,
      );
      return { openid, unionid };
    },
  };
}
