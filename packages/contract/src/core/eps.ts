/** One column of an entity as the EPS lists it (what the family's clients build their forms from). */
export type EpsColumn = {
  propertyName: string;
  type: string;
  length: string;
  comment: string;
  nullable: boolean;
  defaultValue: unknown;
  dict: string | null;
};

/** One controller or entity in `GET /admin/base/open/eps`, in the language asked for. */
export type EpsEntry = {
  module: string;
  name?: string;
  prefix: string;
  info: { type: { name: string; description: string } };
  /** `auth` and `perm` are ours (the family has only ignoreToken): which calls a permission gates, and which. */
  api: Array<{
    method: string;
    path: string;
    summary: string;
    ignoreToken: boolean;
    prefix: string;
    auth: 'perm' | 'login' | 'open' | 'app';
    perm: string | null;
  }>;
  columns: EpsColumn[];
  pageQueryOp?: { keyWordLikeFields: string[]; fieldEq: string[]; fieldLike: string[] };
};

/** The whole EPS: the entries of each module, by module. */
export type Eps = Record<string, EpsEntry[]>;
