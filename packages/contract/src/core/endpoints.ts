import type { z } from 'zod';
import type { Label } from './i18n.js';
import { refuseNul } from './nul.js';

export type HttpMethod = 'get' | 'post';

/**
 * Who may call an endpoint: `perm` needs the endpoint's own permission string, `login` any valid
 * staff session, `open` nobody at all (the spec's ignoreToken list), `app` an app user's session
 * (a token of the app audience, issued by base/open/appLogin; staff tokens are refused there).
 */
export type Auth = 'perm' | 'login' | 'open' | 'app';

/** Whose calls a controller serves: staff under `/admin/…`, app users (mini program, H5) under `/app/…`. */
export type Audience = 'admin' | 'app';

/** A response type without a runtime schema: `output: returns<SysMenu[]>()` types the callers. */
export type Returns<T> = { readonly kind: 'returns'; readonly __type?: T };
export function returns<T>(): Returns<T> {
  return { kind: 'returns' };
}

export type EndpointDef = {
  readonly method: HttpMethod;
  readonly summary: Label;
  readonly auth?: Auth;
  /** Validates the body of a POST or the query of a GET. */
  readonly input?: z.ZodType;
  /** What the endpoint answers (the envelope's data); types the handler and every client call. */
  readonly output?: z.ZodType | Returns<unknown>;
  /**
   * Callable while the session still owes a sign-in step (a forced password change, a required
   * two-factor enrolment): the few calls that step needs. Every other signed-in call is refused
   * until it is done (docs/architecture.md, "Account security").
   */
  readonly allowPending?: boolean;
  /**
   * An `open` call that a caller may also make with a session: then the session is checked like
   * any other and must hold the call's own permission (plugin install: open to trusted signed
   * packages, more with plugin:info:install).
   */
  readonly sessionPerm?: boolean;
  /**
   * A `perm` call that the owner of a row may also make on rows she owns, holding this other action's
   * permission instead of the call's own (`reveal` with `ownRows: 'info'`: an owner may reveal her own
   * customers). `mount` lets such a caller through; the handler keeps her to her own rows.
   */
  readonly ownRows?: string;
  /**
   * The permission's last segment when it is not the action's own: calls that one grant covers
   * together (the reports' four tables under `customer:report:view`). The server still matches the
   * permission exactly; it is only named once for several calls.
   */
  readonly permAs?: string;
};

/** The answer type an endpoint declaration states (unknown where it states none). */
type OutputOfDef<D> = D extends { readonly output: z.ZodType<infer T> }
  ? T
  : D extends { readonly output: Returns<infer T> }
    ? T
    : unknown;

type InputSchemaOfDef<D> = D extends { readonly input: infer S extends z.ZodType } ? S : undefined;

/**
 * One endpoint, resolved. `S` is its input schema and `O` what it answers: the server's `mount`
 * checks its handler against both, and the web client's `call` types the body and the result.
 */
export type Endpoint<
  A extends string = string,
  S extends z.ZodType | undefined = z.ZodType | undefined,
  O = unknown,
> = {
  readonly action: A;
  readonly method: HttpMethod;
  readonly summary: Label;
  readonly auth: Auth;
  /** `/admin/base/sys/user/page`; the server mounts it under `/api`. */
  readonly url: string;
  /** `base:sys:user:page`, derived once from the url; null where the auth is not `perm` (nor `open` with `sessionPerm`). */
  readonly perm: string | null;
  readonly input?: S;
  readonly output?: z.ZodType | Returns<unknown>;
  /** See EndpointDef.allowPending. */
  readonly allowPending?: boolean;
  /** The permission an owner holds to make the call on her own rows (EndpointDef.ownRows); null where none does. */
  readonly ownRowsPerm: string | null;
  /** Type-level only: what the endpoint answers. */
  readonly __result?: O;
};

/** What a handler receives: the input after validation (defaults applied, numbers read). */
export type InputOf<E> =
  E extends Endpoint<string, infer S, unknown> ? (S extends z.ZodType ? z.output<S> : undefined) : never;
/** What a client sends. */
export type BodyOf<E> =
  E extends Endpoint<string, infer S, unknown> ? (S extends z.ZodType ? z.input<S> : undefined) : never;
/** What the endpoint answers (the envelope's data). */
export type ResultOf<E> = E extends Endpoint<string, z.ZodType | undefined, infer O> ? O : never;

/** The endpoints of declared calls keyed by action, typed by their declarations. */
export type ExtraApi<X extends Record<string, EndpointDef>> = {
  readonly [A in Extract<keyof X, string>]: Endpoint<A, InputSchemaOfDef<X[A]>, OutputOfDef<X[A]>>;
};

export type Controller<X extends Record<string, EndpointDef> = Record<string, EndpointDef>> = {
  readonly kind: 'controller';
  readonly module: string;
  readonly path: string;
  readonly prefix: string;
  readonly label: Label;
  readonly perms: Readonly<Record<Extract<keyof X, string>, string>>;
  readonly endpoints: readonly Endpoint[];
  readonly api: ExtraApi<X>;
};

export function permOf(module: string, path: string, action: string): string {
  return [module, ...path.split('/'), action].join(':');
}

/** An endpoint declaration resolved: its url, its auth and the permission it needs. */
export function toEndpoint(
  module: string,
  path: string,
  action: string,
  def: EndpointDef,
  audience: Audience = 'admin',
): Endpoint {
  const auth = def.auth ?? 'perm';
  return {
    ...def,
    // The one place every input schema passes: none takes a NUL character in any string.
    ...(def.input ? { input: refuseNul(def.input) } : {}),
    action,
    auth,
    url: `/${audience}/${module}/${path}/${action}`,
    perm:
      auth === 'perm' || (auth === 'open' && def.sessionPerm === true)
        ? permOf(module, path, def.permAs ?? action)
        : null,
    ownRowsPerm: auth === 'perm' && def.ownRows !== undefined ? permOf(module, path, def.ownRows) : null,
  };
}

export function defineController<X extends Record<string, EndpointDef>>(options: {
  readonly module: string;
  readonly path: string;
  readonly label: Label;
  readonly endpoints: X;
  /** `app`: the calls of the app users' clients, under `/app/…`; their endpoints are `app` or `open`. */
  readonly audience?: Audience;
}): Controller<X> {
  const audience = options.audience ?? 'admin';
  const defs: Record<string, EndpointDef> = options.endpoints;
  for (const [action, def] of Object.entries(defs)) {
    // An app call never takes a staff session, nor a staff call an app user's.
    const auth = def.auth ?? 'perm';
    if ((audience === 'app') !== (auth === 'app') && auth !== 'open') {
      throw new Error(
        `${options.module}/${options.path}/${action}: auth "${auth}" does not fit the ${audience} audience`,
      );
    }
  }
  const endpoints = Object.entries(defs).map(([action, def]) =>
    toEndpoint(options.module, options.path, action, def, audience),
  );
  const perms = Object.fromEntries(
    Object.entries(defs).map(([a, def]) => [a, permOf(options.module, options.path, def.permAs ?? a)]),
  ) as Controller<X>['perms'];
  return {
    kind: 'controller',
    module: options.module,
    path: options.path,
    prefix: `/${audience}/${options.module}/${options.path}`,
    label: options.label,
    perms,
    endpoints,
    api: Object.fromEntries(endpoints.map((e) => [e.action, e])) as Controller<X>['api'],
  };
}

/** One endpoint of a declaration, by its action: a misspelt action does not compile. */
export function endpointOf<
  D extends { readonly api: object; readonly prefix: string },
  A extends keyof D['api'] & string,
>(declaration: D, action: A): D['api'][A] {
  const endpoint = (declaration.api as Record<string, unknown>)[action];
  if (!endpoint) throw new Error(`${declaration.prefix} declares no endpoint "${action}"`);
  return endpoint as D['api'][A];
}

/** An endpoint's input schema, typed: for verbs that take another's body (findPage takes page's). */
export function inputSchemaOf<S extends z.ZodType>(endpoint: Endpoint<string, S, unknown>): S {
  if (!endpoint.input) throw new Error(`${endpoint.url} declares no input`);
  return endpoint.input;
}
