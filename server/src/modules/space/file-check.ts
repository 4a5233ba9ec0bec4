import { type FileTypeGroup, groupOfExtension, ownValue } from '@backroom/contract';

/** How many leading bytes the content checks read. */
export const HEAD_BYTES = 4096;

const ascii = (head: Buffer, at: number, text: string) =>
  head.length >= at + text.length && head.toString('latin1', at, at + text.length) === text;
const bytes = (head: Buffer, at: number, expected: readonly number[]) =>
  head.length >= at + expected.length && expected.every((b, i) => head[at + i] === b);

const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const ASF = [0x30, 0x26, 0xb2, 0x75, 0x8e, 0x66, 0xcf, 0x11];
const EBML = [0x1a, 0x45, 0xdf, 0xa3];

const isZip = (h: Buffer) => bytes(h, 0, [0x50, 0x4b, 0x03, 0x04]) || bytes(h, 0, [0x50, 0x4b, 0x05, 0x06]);
const isRiff = (h: Buffer, form: string) => ascii(h, 0, 'RIFF') && ascii(h, 8, form);
/** ISO base media (mp4, m4a, mov): a box whose type sits at byte 4. */
const isIsoMedia = (h: Buffer, boxes: readonly string[]) => boxes.some((box) => ascii(h, 4, box));
const mpegAudioFrame = (h: Buffer) => h.length >= 2 && h[0] === 0xff && ((h[1] ?? 0) & 0xe0) === 0xe0;

/** Text: no NUL and valid UTF-8. Streaming decode lets a character cut by the head's end pass. */
function isText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/** An SVG document: text whose first element, after any XML declaration, comments and doctype, is <svg. */
export function isSvg(head: Buffer): boolean {
  if (!isText(head)) return false;
  let text = head.toString('utf8').replace(/^\uFEFF/, '');
  for (let guard = 0; guard < 50; guard += 1) {
    text = text.trimStart();
    if (text.startsWith('<?')) {
      const end = text.indexOf('?>');
      if (end < 0) return false;
      text = text.slice(end + 2);
    } else if (text.startsWith('<!--')) {
      const end = text.indexOf('-->');
      if (end < 0) return false;
      text = text.slice(end + 3);
    } else if (/^<!doctype/i.test(text)) {
      const end = text.indexOf('>');
      if (end < 0) return false;
      text = text.slice(end + 1);
    } else {
      return /^<svg[\s>/:]/i.test(text);
    }
  }
  return false;
}

/** What the first bytes of a file of each allowed extension must look like. */
const SIGNATURES: Readonly<Record<string, (head: Buffer) => boolean>> = {
  png: (h) => bytes(h, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (h) => bytes(h, 0, [0xff, 0xd8, 0xff]),
  jpeg: (h) => bytes(h, 0, [0xff, 0xd8, 0xff]),
  gif: (h) => ascii(h, 0, 'GIF87a') || ascii(h, 0, 'GIF89a'),
  // "BM", then a DIB header of one of the sizes the format defines.
  bmp: (h) => ascii(h, 0, 'BM') && h.length >= 18 && [12, 40, 52, 56, 64, 108, 124].includes(h.readUInt32LE(14)),
  tif: (h) => bytes(h, 0, [0x49, 0x49, 0x2a, 0x00]) || bytes(h, 0, [0x4d, 0x4d, 0x00, 0x2a]),
  webp: (h) => isRiff(h, 'WEBP'),
  svg: isSvg,
  mp4: (h) => isIsoMedia(h, ['ftyp']),
  m4v: (h) => isIsoMedia(h, ['ftyp']),
  mov: (h) => isIsoMedia(h, ['ftyp', 'moov', 'mdat', 'wide', 'free', 'skip', 'pnot']),
  webm: (h) => bytes(h, 0, EBML),
  mkv: (h) => bytes(h, 0, EBML),
  avi: (h) => isRiff(h, 'AVI '),
  wmv: (h) => bytes(h, 0, ASF),
  flv: (h) => ascii(h, 0, 'FLV'),
  mpg: (h) => bytes(h, 0, [0x00, 0x00, 0x01, 0xba]) || bytes(h, 0, [0x00, 0x00, 0x01, 0xb3]),
  mpeg: (h) => bytes(h, 0, [0x00, 0x00, 0x01, 0xba]) || bytes(h, 0, [0x00, 0x00, 0x01, 0xb3]),
  mp3: (h) => ascii(h, 0, 'ID3') || mpegAudioFrame(h),
  wav: (h) => isRiff(h, 'WAVE'),
  ogg: (h) => ascii(h, 0, 'OggS'),
  m4a: (h) => isIsoMedia(h, ['ftyp']),
  aac: (h) => ascii(h, 0, 'ADIF') || ascii(h, 0, 'ID3') || (h[0] === 0xff && ((h[1] ?? 0) & 0xf6) === 0xf0),
  flac: (h) => ascii(h, 0, 'fLaC'),
  wma: (h) => bytes(h, 0, ASF),
  amr: (h) => ascii(h, 0, '#!AMR'),
  doc: (h) => bytes(h, 0, OLE),
  xls: (h) => bytes(h, 0, OLE),
  ppt: (h) => bytes(h, 0, OLE),
  docx: isZip,
  xlsx: isZip,
  pptx: isZip,
  pdf: (h) => ascii(h, 0, '%PDF-'),
  zip: isZip,
  rar: (h) =>
    bytes(h, 0, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x00]) ||
    bytes(h, 0, [0x52, 0x61, 0x72, 0x21, 0x1a, 0x07, 0x01, 0x00]),
  txt: isText,
  csv: isText,
  md: isText,
  json: (h) => isText(h) && /^(\uFEFF)?\s*[[{]/.test(h.toString('utf8')),
};

/** Whether the content's first bytes are what the extension promises. Unknown extensions never pass. */
export function contentMatches(ext: string, head: Buffer): boolean {
  const check = ownValue(SIGNATURES, ext);
  return check?.(head) ?? false;
}

/** Types a browser would run as a page or a script: never accepted for a file that is not one of them. */
const ACTIVE_TYPES =
  /^(text\/html|application\/xhtml\+xml|text\/javascript|application\/(x-)?javascript|application\/ecmascript|text\/xml|application\/xml|image\/svg\+xml|multipart\/)/;

/** The major type a declared content type of each media group must have. */
const MEDIA_MAJOR: Partial<Record<FileTypeGroup, string>> = { image: 'image/', video: 'video/', audio: 'audio/' };

/**
 * Whether the content type the client declared fits the extension. A generic or absent type says
 * nothing and passes; a media file must declare its own kind of media, and an active type (HTML,
 * script, XML, SVG) only passes for an SVG.
 */
export function declaredTypeFits(ext: string, declared: string | undefined): boolean {
  const type = (declared ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (type === '' || type === 'application/octet-stream' || type === 'binary/octet-stream') return true;
  if (ext === 'svg') return type === 'image/svg+xml' || type === 'text/xml' || type === 'application/xml';
  if (ACTIVE_TYPES.test(type)) return false;
  const group = groupOfExtension(ext);
  const major = group ? MEDIA_MAJOR[group] : undefined;
  if (major === undefined) return true;
  // Ogg and ASF containers are often declared as application/*.
  return type.startsWith(major) || (['ogg', 'wma', 'wmv'].includes(ext) && type.startsWith('application/'));
}
