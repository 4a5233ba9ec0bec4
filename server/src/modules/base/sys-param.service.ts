import { sysParam } from '@backroom/contract';
import type sanitizeHtml from 'sanitize-html';
import type { AppContext } from '../../core/context.js';
import { type CrudService, createCrud } from '../../core/crud/factory.js';
import { badRequest, notFound } from '../../core/errors.js';
import { findParamByKey } from './sys-param.repository.js';

/** sanitize-html's default tags (kept here so the sanitiser itself can load lazily). */
const DEFAULT_TAGS = [
  'address',
  'article',
  'aside',
  'footer',
  'header',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hgroup',
  'main',
  'nav',
  'section',
  'blockquote',
  'dd',
  'div',
  'dl',
  'dt',
  'figcaption',
  'figure',
  'hr',
  'li',
  'menu',
  'ol',
  'p',
  'pre',
  'ul',
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'br',
  'cite',
  'code',
  'data',
  'dfn',
  'em',
  'i',
  'kbd',
  'mark',
  'q',
  'rb',
  'rp',
  'rt',
  'rtc',
  'ruby',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
  'wbr',
  'caption',
  'col',
  'colgroup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
];

/** Tags and attributes a rich-text parameter may keep; scripts, handlers and frames never survive. */
const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...DEFAULT_TAGS, 'img', 'span', 'font', 'u', 's', 'video', 'source'],
  allowedAttributes: {
    a: ['href', 'name', 'target'],
    '*': ['style', 'class', 'align'],
    img: ['src', 'alt', 'width', 'height'],
    video: ['src', 'controls', 'width', 'height', 'poster'],
    source: ['src', 'type'],
    font: ['color', 'size'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
};

/** Sanitised rich text; the sanitiser (and its HTML parser) loads on the first use. */
export async function sanitizeRichText(html: string): Promise<string> {
  const { default: sanitize } = await import('sanitize-html');
  return sanitize(html, SANITIZE);
}

/** A string setting that looks like JSON must be JSON: a broken `{…}` is a format error, not a silent string. */
function assertFormat(data: unknown, dataType: unknown) {
  if (typeof data !== 'string' || (dataType !== undefined && dataType !== 0)) return;
  const text = data.trim();
  if (!(text.startsWith('{') || text.startsWith('['))) return;
  try {
    JSON.parse(text);
  } catch {
    throw badRequest('param.format');
  }
}

export type SysParamService = CrudService & {
  /** The sanitised HTML of a parameter; `richOnly` serves only rich-text ones (the open, tokenless call). */
  html(key: string, richOnly: boolean): Promise<string>;
};

export function createSysParamService(ctx: AppContext): SysParamService {
  const crud = createCrud(ctx, sysParam, {
    beforeWrite(data, _input, { existing }) {
      assertFormat(data.data ?? existing?.data, data.dataType ?? existing?.dataType ?? 0);
      return data;
    },
  });
  return {
    ...crud,
    async html(key, richOnly) {
      const param = await findParamByKey(ctx.db.db, key);
      if (!param || (richOnly && param.dataType !== 1)) throw notFound();
      return await sanitizeRichText(param.data ?? '');
    },
  };
}
