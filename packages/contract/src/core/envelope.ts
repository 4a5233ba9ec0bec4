/** Envelope codes of the wire contract (docs/architecture.md §7). */
export const CODE = {
  success: 1000,
  general: 1001,
  validation: 1002,
  internal: 1003,
} as const;
export type Code = (typeof CODE)[keyof typeof CODE];

export type Envelope<T> = { code: 1000; message: string; data?: T };
export type ErrorEnvelope = { code: Exclude<Code, 1000>; message: string };

export type Pagination = { page: number; size: number; total: number };
export type PageResult<T> = { list: T[]; pagination: Pagination };

/** Password length rule of docs/spec.md §5. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 16;
