/**
 * What a rich-text parameter may hold (docs/architecture.md, "Rich-text parameters"): the server's
 * sanitiser keeps exactly this and the web editor produces nothing else. No script, handler, frame,
 * form, class or positioning survives; images and video come only from our own file storage.
 */

/** Block and inline tags: sanitize-html's defaults and a few the family's editors wrote. */
export const RICH_TEXT_TAGS = [
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
  'img',
  'font',
  'video',
  'source',
] as const;

/** Attributes by tag (`*`: every tag). No `class` (it could borrow the app's own styles) and no `id`. */
export const RICH_TEXT_ATTRIBUTES: Record<string, readonly string[]> = {
  '*': ['style', 'align'],
  a: ['href', 'name', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height'],
  video: ['src', 'controls', 'width', 'height', 'poster'],
  source: ['src', 'type'],
  font: ['color', 'size'],
  ol: ['start'],
  td: ['colspan', 'rowspan'],
  th: ['colspan', 'rowspan'],
};

const COLOUR = /^(#[0-9a-f]{3,8}|rgba?\(\s*[\d.%]+\s*,\s*[\d.%]+\s*,\s*[\d.%]+\s*(,\s*[\d.%]+\s*)?\)|[a-z]{3,20})$/i;
const DECORATION = /^(none|underline|line-through|overline)(\s+(underline|line-through|overline))*$/;

/**
 * The inline styles kept, each with the values it may take; every other property (`position`,
 * `z-index`, `top`, `transform`, `background-image`, `opacity`…) is dropped.
 */
export const RICH_TEXT_STYLES: Record<string, readonly RegExp[]> = {
  color: [COLOUR],
  'background-color': [COLOUR],
  'text-align': [/^(left|right|center|justify|start|end)$/],
  'font-size': [/^\d{1,3}(\.\d{1,2})?(px|pt|em|rem|%)$/],
  'font-weight': [/^(normal|bold|bolder|lighter|[1-9]00)$/],
  'font-style': [/^(normal|italic)$/],
  'text-decoration': [DECORATION],
  'text-decoration-line': [DECORATION],
};

/** URL schemes a link may use; images and video take only our own file addresses (see `richTextMediaAllowed`). */
export const RICH_TEXT_LINK_SCHEMES = ['http', 'https', 'mailto'] as const;

/**
 * Whether an image or video address is one of our stored files: a `/upload/…` path of this origin,
 * or an address under one of `bases` (UPLOAD_BASE_URL, the S3 bucket's public address).
 */
export function richTextMediaAllowed(src: string, bases: readonly string[]): boolean {
  const value = src.trim();
  if (/^\/upload\/[^/\\]/.test(value) && !value.includes('..')) return true;
  return bases.some((base) => value.startsWith(`${base}/`) && !value.includes('..'));
}
