import { label, userInfo, userMenus } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { countIn } from '../../core/crud/aggregate.js';
import type { CrudService } from '../../core/crud/factory.js';
import { mountCrud } from '../../core/crud/factory.js';
import { paramSeed } from '../../core/db/seeds.js';
import { menuSeed, type SysMenuService } from '../base/index.js';
import type { RevealTarget } from '../customer/index.js';
import { createAppLoginService, providersOf } from './app-login.service.js';
import { createAppUserService } from './app-user.service.js';
import { phoneSpellingsReport } from './phone-spellings.js';
import { registerAppOpenRoutes, registerAppUserRoutes, registerUserInfoRoutes } from './user.routes.js';
import { createUserAddressService } from './user-address.service.js';
import { findAccount } from './user-info.repository.js';
import { createUserInfoService } from './user-info.service.js';

/**
 * App users (mini program, official account, H5): the staff's screens on them and their addresses,
 * their sign-in (base/open/appLogin, with app-audience tokens) and their own calls under /api/app.
 * Their tokens are checked by the gate against user_info on every call (status, password version),
 * so disabling or cancelling a user ends their sessions at once, on every instance.
 */
export async function registerUser(
  app: FastifyInstance,
  ctx: AppContext,
  base: { menus: SysMenuService },
  customer: { customers: CrudService; addRevealTarget(target: RevealTarget): void },
) {
  const addresses = createUserAddressService(ctx);
  const users = createUserInfoService(ctx, addresses, customer.customers);
  customer.addRevealTarget({ service: users, nameColumn: 'nickName' });
  ctx.gate.useAppAccounts((id) => findAccount(ctx.db.db, id).then((row) => row ?? null));

  mountCrud(app, ctx, users);
  mountCrud(app, ctx, addresses);
  registerUserInfoRoutes(app, ctx, users);
  registerAppOpenRoutes(app, ctx, createAppLoginService(ctx, providersOf(ctx)));
  registerAppUserRoutes(app, ctx, createAppUserService(ctx));
  // The home dashboard's app-user card: all app users and the range's sign-ups, for whoever may
  // list them (app users belong to no store, so the page permission is the whole scope).
  ctx.homeFigures.register({
    figure: 'appUsers',
    perm: userInfo.perms.page,
    read: async (session, window) => ({
      total: await countIn(users.scopedQuery(session), 'createTime'),
      added: await countIn(users.scopedQuery(session), 'createTime', window.from, window.to),
    }),
  });

  ctx.seeds.add(menuSeed(userMenus, base.menus));
  ctx.seeds.add(
    paramSeed(
      'user',
      'param-app-login-types',
      {
        keyName: 'appLoginTypes',
        name: label('App 登录方式', 'App 登入方式', 'App sign-in types'),
        dataType: 0,
        data: '0,1,2,3',
        remark: label(
          '开启的用户登录方式，逗号分隔：0 小程序、1 公众号、2 H5、3 短信验证码；小程序和公众号另需在服务器上配置，短信验证码另需启用短信插件',
          '開啟的用戶登入方式，逗號分隔：0 小程式、1 公眾號、2 H5、3 簡訊驗證碼；小程式和公眾號另需在伺服器上設定，簡訊驗證碼另需啟用簡訊外掛',
          'App sign-in types switched on, comma-separated: 0 mini program, 1 official account, 2 H5, 3 SMS code; the first two also need the server configured, the SMS code an enabled sms plugin',
        ),
      },
      ctx.config.seedLocale,
    ),
  );
  ctx.seeds.add(phoneSpellingsReport(ctx));
  return { users, addresses };
}
