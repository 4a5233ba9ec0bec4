import { appUserAddress, appUserInfo, baseComm, baseOpen, userInfo } from '@backroom/contract';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../core/context.js';
import { endpointOf, mount } from '../../core/http/server.js';
import type { AppLoginService } from './app-login.service.js';
import type { AppUserService } from './app-user.service.js';
import type { UserInfoService } from './user-info.service.js';

/** The staff's extra verbs on app users. */
export function registerUserInfoRoutes(app: FastifyInstance, ctx: AppContext, users: UserInfoService) {
  mount(app, ctx.gate, endpointOf(userInfo, 'details'), ({ input, session }) => users.details(input.id, session));
  mount(app, ctx.gate, endpointOf(userInfo, 'reveal'), ({ input, session }) => users.reveal(input, session));
}

/** Sign-in and start-up calls without a token (base/open/appLogin and appSmsCode, base/comm/program). */
export function registerAppOpenRoutes(app: FastifyInstance, ctx: AppContext, login: AppLoginService) {
  mount(app, ctx.gate, endpointOf(baseOpen, 'appLogin'), ({ input, request }) =>
    login.login(input, { ip: request.ip }),
  );
  mount(app, ctx.gate, endpointOf(baseOpen, 'appSmsCode'), ({ input, request }) =>
    login.sendSmsCode(input, { ip: request.ip }),
  );
  mount(app, ctx.gate, endpointOf(baseComm, 'program'), () => login.program());
  mount(app, ctx.gate, endpointOf(appUserInfo, 'refreshToken'), ({ input }) => login.refresh(input.refreshToken));
}

/** The signed-in app user's own calls under /api/app/user. */
export function registerAppUserRoutes(app: FastifyInstance, ctx: AppContext, me: AppUserService) {
  mount(app, ctx.gate, endpointOf(appUserInfo, 'person'), ({ appSession }) => me.person(appSession));
  mount(app, ctx.gate, endpointOf(appUserInfo, 'updatePerson'), ({ input, appSession }) =>
    me.updatePerson(appSession, input),
  );
  mount(app, ctx.gate, endpointOf(appUserInfo, 'logout'), ({ appSession }) => me.logout(appSession));
  mount(app, ctx.gate, endpointOf(appUserAddress, 'list'), ({ appSession }) => me.addresses(appSession));
  mount(app, ctx.gate, endpointOf(appUserAddress, 'add'), ({ input, appSession }) => me.addAddress(appSession, input));
  mount(app, ctx.gate, endpointOf(appUserAddress, 'update'), ({ input, appSession }) =>
    me.updateAddress(appSession, input),
  );
  mount(app, ctx.gate, endpointOf(appUserAddress, 'delete'), ({ input, appSession }) =>
    me.deleteAddresses(appSession, input.ids),
  );
  mount(app, ctx.gate, endpointOf(appUserAddress, 'setDefault'), ({ input, appSession }) =>
    me.setDefault(appSession, input.id),
  );
}
