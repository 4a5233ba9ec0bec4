import type { Bus } from '../bus.js';
import type { Cache } from '../cache.js';
import { unauthorized } from '../errors.js';
import { InFlight } from '../in-flight.js';
import type { Principal, Session } from './principal.js';
import { readBearer, type TokenService } from './tokens.js';

export type PrincipalLoader = (userId: number) => Promise<Principal | null>;

/** An app user (mini program, official account, H5) as their token's checks need them. */
export type AppAccount = { readonly status: number; readonly passwordV: number };
/** Reads an app user for each of their calls (the user module registers it). */
export type AppAccountLoader = (userId: number) => Promise<AppAccount | null>;
/** The signed-in app user behind an `/api/app/…` call. */
export type AppSession = { readonly userId: number; readonly sid: string; readonly passwordV: number };

export type SessionStore = {
  isRevoked(sid: string): Promise<boolean>;
  revoke(sid: string, expireAt: number): Promise<void>;
  /**
   * Uses up one refresh token (by `TokenService.refreshId`), on every instance at once: true the
   * first time, false for every later use, even one racing the first on another instance.
   */
  consume(refreshId: string, expireAt: number): Promise<boolean>;
};

/** How long a resolved principal is reused before it is read again (other instances' changes show within this). */
const PRINCIPAL_TTL_MS = 30_000;
/** Sessions kept per cached principal (one per login of that user). */
const SESSIONS_PER_PRINCIPAL = 100;

type PrincipalEntry = {
  epoch: number;
  at: number;
  principal: Principal | null;
  key: string;
  /** The Session objects built from this principal, by sid: reused, not rebuilt on every request. */
  sessions: Map<string, Session>;
};

/**
 * Turns a token into a Session: signature and kind (access, not refresh), the session not logged
 * out, the user still enabled and on the same password version. Principals are cached per user
 * and dropped whenever users, roles, menus or departments change (`invalidate`).
 */
export class AuthGate {
  private epoch = 0;
  /** Counts principal reads; a read's number makes its sessions' principalKey. */
  private reads = 0;
  private readonly principals = new Map<number, PrincipalEntry>();
  /**
   * Reads under way, by epoch and user: requests that arrive together for a principal not cached
   * (or just expired) wait for one read and share its principalKey, so the queries and totals kept
   * by key (core/crud/compiled-queries.ts, totals.ts) serve them all, instead of one read and one key each. A read of
   * an earlier epoch is not joined.
   */
  private readonly reading = new InFlight<string, PrincipalEntry>();
  /** Reads app users; none until the user module registers, and then app tokens are refused. */
  private appAccounts: AppAccountLoader | null = null;
  /** Told of every authenticated request's session (base module: the session's last-seen time). */
  private seen: (session: Session) => void = () => undefined;

  constructor(
    private readonly tokens: TokenService,
    private readonly sessions: SessionStore,
    private readonly load: PrincipalLoader,
    readonly cache: Cache,
    private readonly bus: Bus,
    private readonly instanceId: string,
  ) {
    bus.subscribe((event) => {
      if (event.type === 'invalidate' && event.from !== instanceId) this.forget();
    });
  }

  private forget() {
    this.epoch += 1;
    this.principals.clear();
  }

  /** Forget every cached principal, here and on every other instance; call after any change to who may do what. */
  invalidate(): void {
    this.forget();
    void this.bus.publish({ type: 'invalidate', from: this.instanceId }).catch(() => undefined);
  }

  /** Who hears of each authenticated request; it must be cheap, it runs on every one. */
  onSeen(listener: (session: Session) => void): void {
    this.seen = listener;
  }

  /** Makes the gate take app tokens on app calls (the user module, at start). */
  useAppAccounts(loader: AppAccountLoader): void {
    this.appAccounts = loader;
  }

  /**
   * The app session of an app-audience access token, or a 401. The user is read on every call, not
   * cached: a disabled or cancelled user's next call is refused, on every instance at once.
   */
  async authenticateApp(authorization: string | undefined): Promise<AppSession> {
    const token = readBearer(authorization);
    if (!token) throw unauthorized('auth.required');
    const claims = this.tokens.verify(token, 'access', 'app');
    if (!claims || !this.appAccounts) throw unauthorized('auth.invalid');
    return this.appSessionFor(claims.userId, claims.passwordVersion, claims.sid);
  }

  /** The app session an app refresh token stands for, the token used up (as redeemRefresh does for staff). */
  async redeemAppRefresh(refreshToken: string): Promise<AppSession> {
    const claims = this.tokens.verify(refreshToken, 'refresh', 'app');
    if (!claims || !this.appAccounts) throw unauthorized('auth.refreshInvalid');
    const session = await this.appSessionFor(claims.userId, claims.passwordVersion, claims.sid);
    if (!(await this.sessions.consume(this.tokens.refreshId(refreshToken, claims), claims.exp))) {
      await this.sessions.revoke(claims.sid, Math.floor(Date.now() / 1000) + this.tokens.lifetimes.refresh);
      throw unauthorized('auth.refreshInvalid');
    }
    return session;
  }

  private async appSessionFor(userId: number, passwordV: number, sid: string): Promise<AppSession> {
    const load = this.appAccounts;
    if (!load) throw unauthorized('auth.invalid');
    const [account, revoked] = await Promise.all([load(userId), this.sessions.isRevoked(sid)]);
    if (!account || revoked || account.status !== 1 || account.passwordV !== passwordV) {
      throw unauthorized('auth.invalid');
    }
    return { userId, sid, passwordV };
  }

  async principal(userId: number): Promise<Principal | null> {
    return (await this.resolve(userId)).principal;
  }

  private async resolve(userId: number): Promise<PrincipalEntry> {
    const hit = this.principals.get(userId);
    if (hit && hit.epoch === this.epoch && Date.now() - hit.at < PRINCIPAL_TTL_MS) return hit;
    const epoch = this.epoch;
    return this.reading.run(`${epoch}.${userId}`, async () => {
      const principal = await this.load(userId);
      this.reads += 1;
      const read = { epoch, at: Date.now(), principal, key: `${userId}.${this.reads}`, sessions: new Map() };
      if (epoch === this.epoch) {
        if (this.principals.size > 50_000) this.principals.clear();
        this.principals.set(userId, read);
      }
      return read;
    });
  }

  /** The session of an access token, or a 401 AppError. */
  async authenticate(authorization: string | undefined): Promise<Session> {
    const token = readBearer(authorization);
    if (!token) throw unauthorized('auth.required');
    const claims = this.tokens.verify(token, 'access');
    if (!claims) throw unauthorized('auth.invalid');
    const session = await this.sessionFor(claims.userId, claims.passwordVersion, claims.sid);
    this.seen(session);
    return session;
  }

  /**
   * The session a refresh token still stands for, re-reading the user from the database, and the
   * token used up: a refresh token works once. A second use means two holders (a stolen copy, or a
   * replay), so it ends the session: its current access and refresh tokens stop working.
   */
  async redeemRefresh(refreshToken: string): Promise<Session> {
    const claims = this.tokens.verify(refreshToken, 'refresh');
    if (!claims) throw unauthorized('auth.refreshInvalid');
    this.principals.delete(claims.userId);
    const session = await this.sessionFor(claims.userId, claims.passwordVersion, claims.sid);
    if (!(await this.sessions.consume(this.tokens.refreshId(refreshToken, claims), claims.exp))) {
      // The session's newest refresh token was issued by now, so it is dead by then.
      await this.sessions.revoke(claims.sid, Math.floor(Date.now() / 1000) + this.tokens.lifetimes.refresh);
      throw unauthorized('auth.refreshInvalid');
    }
    return session;
  }

  private async sessionFor(userId: number, passwordVersion: number, sid: string): Promise<Session> {
    const [entry, revoked] = await Promise.all([this.resolve(userId), this.sessions.isRevoked(sid)]);
    const { principal } = entry;
    if (!principal || revoked || principal.status !== 1 || principal.passwordV !== passwordVersion) {
      throw unauthorized('auth.invalid');
    }
    let session = entry.sessions.get(sid);
    if (!session) {
      if (entry.sessions.size >= SESSIONS_PER_PRINCIPAL) entry.sessions.clear();
      session = { ...principal, sid, principalKey: entry.key };
      entry.sessions.set(sid, session);
    }
    return session;
  }
}
