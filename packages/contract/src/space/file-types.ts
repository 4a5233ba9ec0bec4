/**
 * What may be uploaded (docs/spec.md §9): the type groups and, per group, the extensions the server
 * accepts. Anything else is refused, whatever the client says the file is.
 */
export const FILE_TYPE_GROUPS = ['image', 'video', 'audio', 'word', 'excel', 'ppt', 'pdf', 'archive', 'other'] as const;
export type FileTypeGroup = (typeof FILE_TYPE_GROUPS)[number];

/** The extension allow-list, by group. */
export const UPLOAD_EXTENSIONS: Readonly<Record<FileTypeGroup, readonly string[]>> = {
  image: ['bmp', 'jpg', 'jpeg', 'png', 'tif', 'gif', 'svg', 'webp'],
  video: ['mp4', 'm4v', 'mov', 'webm', 'mkv', 'avi', 'wmv', 'flv', 'mpg', 'mpeg'],
  audio: ['mp3', 'wav', 'ogg', 'm4a', 'aac', 'flac', 'wma', 'amr'],
  word: ['doc', 'docx'],
  excel: ['xls', 'xlsx'],
  ppt: ['ppt', 'pptx'],
  pdf: ['pdf'],
  archive: ['rar', 'zip'],
  other: ['txt', 'csv', 'md', 'json'],
};

const GROUP_OF = new Map<string, FileTypeGroup>(
  FILE_TYPE_GROUPS.flatMap((group) => UPLOAD_EXTENSIONS[group].map((ext): [string, FileTypeGroup] => [ext, group])),
);

/** Every extension the server accepts, lower case, without the dot. */
export const ALLOWED_EXTENSIONS: readonly string[] = [...GROUP_OF.keys()];

/** The extension of a file name, lower case without the dot; '' when it has none. */
export function extensionOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 && dot < base.length - 1 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The group of an allowed extension, or undefined where the allow-list has no place for it. */
export function groupOfExtension(ext: string): FileTypeGroup | undefined {
  return GROUP_OF.get(ext.toLowerCase());
}

/** The group a file (by its name or URL) is shown as: 'other' for anything the list does not name. */
export function fileTypeOf(nameOrUrl: string): FileTypeGroup {
  const path = nameOrUrl.split(/[?#]/, 1)[0] ?? '';
  return groupOfExtension(extensionOf(path)) ?? 'other';
}

/** Upload defaults of docs/spec.md §9; the server's limits are configurable (UPLOAD_MAX_FILES, UPLOAD_MAX_SIZE_MB). */
export const UPLOAD_DEFAULTS = {
  /** Files per selection. */
  maxFiles: 9,
  /** Megabytes per file. */
  maxSizeMb: 100,
  /** Preview tile size in pixels. */
  previewSize: 120,
  /** Object key prefix in a bucket. */
  prefixPath: 'app/base',
} as const;

/** The personal center's avatar: an image of at most 100 KB (docs/spec.md §5). */
export const AVATAR_MAX_BYTES = 100 * 1024;

/**
 * How the client uploads (base/comm/uploadMode). `mode` is always `local`: files go through
 * base/comm/upload, which checks them; `type` says where they are kept (this server or an S3 bucket).
 */
export type UploadMode = { mode: 'local'; type: 'local' | 's3' };

/**
 * Groups served to anyone who has the address (generated, unguessable): the mini program, rich text
 * and avatars load them without a session. Every other group (documents, spreadsheets, archives,
 * text, anything unknown) is private: served to a signed-in user who may read it, or through a
 * signed link that expires (docs/architecture.md, "File space").
 */
export const PUBLIC_FILE_GROUPS: readonly FileTypeGroup[] = ['image', 'video', 'audio'];

/** Whether a file (by its name, key or address) is private: not an image, video or audio. */
export function isPrivateFile(nameOrUrl: string): boolean {
  return !PUBLIC_FILE_GROUPS.includes(fileTypeOf(nameOrUrl));
}

/** The query parameters of a signed file link: its expiry (Unix seconds) and its signature. */
export const FILE_LINK_PARAMS = { expires: 'expires', signature: 'signature' } as const;

/**
 * A file address without the signature of a signed link (what a record or a parameter keeps: a
 * signed link expires). Any other address is answered as it came.
 */
export function unsignedFileUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const hash = url.indexOf('#', query);
  const end = hash < 0 ? url.length : hash;
  const kept = url
    .slice(query + 1, end)
    .split('&')
    .filter((part) => {
      const name = part.split('=', 1)[0];
      return part !== '' && name !== FILE_LINK_PARAMS.expires && name !== FILE_LINK_PARAMS.signature;
    });
  return `${url.slice(0, query)}${kept.length > 0 ? `?${kept.join('&')}` : ''}${url.slice(end)}`;
}
