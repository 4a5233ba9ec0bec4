import { ownValue } from '@backroom/contract';

/** Content types we send for stored files, by extension; anything else goes out as application/octet-stream. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  bmp: 'image/bmp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  tif: 'image/tiff',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  avi: 'video/x-msvideo',
  wmv: 'video/x-ms-wmv',
  flv: 'video/x-flv',
  mpg: 'video/mpeg',
  mpeg: 'video/mpeg',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  aac: 'audio/aac',
  flac: 'audio/flac',
  wma: 'audio/x-ms-wma',
  amr: 'audio/amr',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  pdf: 'application/pdf',
  zip: 'application/zip',
  rar: 'application/vnd.rar',
  txt: 'text/plain; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
  md: 'text/markdown; charset=utf-8',
  json: 'application/json; charset=utf-8',
};

/** Shown in place by a browser without any way to run script: raster images, video, audio and PDF. */
const INLINE = new Set([
  'bmp',
  'jpg',
  'jpeg',
  'png',
  'tif',
  'gif',
  'webp',
  'mp4',
  'm4v',
  'mov',
  'webm',
  'mkv',
  'avi',
  'wmv',
  'flv',
  'mpg',
  'mpeg',
  'mp3',
  'wav',
  'ogg',
  'm4a',
  'aac',
  'flac',
  'wma',
  'amr',
  'pdf',
]);

/** A document that may load nothing and run nothing, as a unique opaque origin. */
const LOCKED_DOWN = "default-src 'none'; sandbox";
/** An SVG opened on its own draws (its inline styles and data: images) but runs no script, in a sandbox. */
const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

export function contentTypeOf(ext: string): string {
  return ownValue(CONTENT_TYPES, ext) ?? 'application/octet-stream';
}

/**
 * Headers for a stored file (docs/spec.md §9, docs/architecture.md §8): our own content type by extension, never a
 * sniffed one; images, media and PDF inline; an SVG inline but sandboxed so it never runs as a
 * page of our origin; everything else (HTML, text, office files, archives, unknown) downloads as
 * an attachment in a sandbox.
 */
export function servedHeaders(ext: string): Record<string, string> {
  const headers: Record<string, string> = { 'x-content-type-options': 'nosniff' };
  if (ext === 'svg') {
    headers['content-type'] = CONTENT_TYPES.svg as string;
    headers['content-security-policy'] = SVG_POLICY;
  } else if (INLINE.has(ext)) {
    headers['content-type'] = contentTypeOf(ext);
    // Chrome's PDF viewer refuses to draw inside a sandbox; PDF script never reaches our origin anyway.
    if (ext !== 'pdf') headers['content-security-policy'] = LOCKED_DOWN;
  } else {
    headers['content-type'] = contentTypeOf(ext);
    headers['content-disposition'] = 'attachment';
    headers['content-security-policy'] = LOCKED_DOWN;
  }
  return headers;
}

/** What an object in a bucket is stored with: the bucket serves these (S3 metadata cannot carry a CSP). */
export function objectHeaders(ext: string): { contentType: string; disposition: string } {
  const inline = ext === 'svg' || INLINE.has(ext);
  return { contentType: contentTypeOf(ext), disposition: inline ? 'inline' : 'attachment' };
}
