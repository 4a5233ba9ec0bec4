import type { FastifyBaseLogger } from 'fastify';
import type { CaptchaService } from './auth/captcha.js';
import type { AuthGate, SessionStore } from './auth/gate.js';
import type { LoginThrottle } from './auth/throttle.js';
import type { TokenService } from './auth/tokens.js';
import type { Vault } from './auth/vault.js';
import type { Bus } from './bus.js';
import type { Cache } from './cache.js';
import type { Config } from './config.js';
import type { Counters } from './counters.js';
import type { DbHandle } from './db/index.js';
import type { SeedRegistry } from './db/seeds.js';
import type { History } from './history.js';
import type { HomeFigureRegistry } from './home-figures.js';
import type { MessageCenter } from './message-center.js';
import type { PluginHooks } from './plugin-hooks.js';
import type { Recycler } from './recycle.js';
import type { TaskHandlerRegistry } from './task-handlers.js';

/** What every module is built from: configuration and the shared services of core/. */
export type AppContext = {
  readonly config: Config;
  readonly db: DbHandle;
  readonly cache: Cache;
  /** Counts over a time window that nothing evicts (request limits); on Redis when scaled out. */
  readonly counters: Counters;
  readonly tokens: TokenService;
  /** Secrets kept at rest (two-factor secrets, recovery codes) under keys derived from the install's secret. */
  readonly vault: Vault;
  readonly captcha: CaptchaService;
  readonly throttle: LoginThrottle;
  readonly gate: AuthGate;
  readonly sessions: SessionStore;
  readonly log: FastifyBaseLogger;
  /** Records every delete of a business row in the deleting transaction (the recycle module implements it). */
  readonly recycle: Recycler & { install(recycler: Recycler): void };
  /** The audit trail: every change of a record, written in the changing transaction (core/history.ts). */
  readonly history: History;
  /** What instances tell each other (Redis pub/sub when scaled out), and this instance's id on it. */
  readonly bus: Bus;
  readonly instanceId: string;
  /** The plugin hooks (notify, upload, sms); the plugin module installs them. */
  readonly plugins: PluginHooks & { install(hooks: PluginHooks): void };
  /** Messages to staff (reminders, announcements, alerts): kinds register here, base delivers them. */
  readonly messages: MessageCenter & { install(delivery: Pick<MessageCenter, 'notify' | 'notifyHolders'>): void };
  /** What scheduled tasks may run; modules register their handlers at start. */
  readonly taskHandlers: TaskHandlerRegistry;
  /** Figures of the home dashboard that modules provide when installed (the user module's app users). */
  readonly homeFigures: HomeFigureRegistry;
  /** Initial rows: modules add their seed steps while they register; they run once every module has. */
  readonly seeds: SeedRegistry;
  /** Work to begin once the seeds have run (the task scheduler); in the order it was added. */
  readonly onStart: (fn: () => Promise<void> | void) => void;
  /** Work to finish before the process exits (flush buffers, stop timers). */
  readonly onClose: (fn: () => Promise<void> | void) => void;
  /**
   * What stops at once when the instance begins to drain (SIGTERM, server/src/drain.ts): the task
   * scheduler takes no new tick. `deadline` (epoch ms) is when the drain's grace ends: work under
   * way may go on until then, and is cut at close.
   */
  readonly onDrain: (fn: (deadline: number) => void) => void;
};
