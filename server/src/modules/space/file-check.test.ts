import { ALLOWED_EXTENSIONS, fileTypeOf, groupOfExtension } from '@backroom/contract';
import { describe, expect, it } from 'vitest';
import { contentMatches, declaredTypeFits, isSvg } from './file-check.js';
import { objectHeaders, servedHeaders } from './served-headers.js';

const hex = (text: string) => Buffer.from(text.replace(/\s/g, ''), 'hex');
const riff = (form: string) => Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from(form)]);
const iso = (box: string) => Buffer.concat([Buffer.alloc(4), Buffer.from(box), Buffer.from('isom')]);

/** One genuine head per allowed extension. */
const SAMPLES: Record<string, Buffer> = {
  png: hex('89504e470d0a1a0a0000000d49484452'),
  jpg: hex('ffd8ffe000104a464946'),
  jpeg: hex('ffd8ffdb0043'),
  gif: Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'),
  bmp: Buffer.concat([Buffer.from('BM'), Buffer.alloc(12), hex('28000000'), Buffer.alloc(8)]),
  tif: hex('49492a0008000000'),
  webp: riff('WEBPVP8 '),
  svg: Buffer.from('\uFEFF<?xml version="1.0"?><!-- logo --><!DOCTYPE svg><svg xmlns="http://www.w3.org/2000/svg"/>'),
  mp4: iso('ftyp'),
  m4v: iso('ftyp'),
  mov: iso('moov'),
  webm: hex('1a45dfa3'),
  mkv: hex('1a45dfa3'),
  avi: riff('AVI LIST'),
  wmv: hex('3026b2758e66cf11'),
  flv: Buffer.from('FLV\x01'),
  mpg: hex('000001ba'),
  mpeg: hex('000001b3'),
  mp3: Buffer.from('ID3\x03'),
  wav: riff('WAVEfmt '),
  ogg: Buffer.from('OggS'),
  m4a: iso('ftyp'),
  aac: hex('fff15080'),
  flac: Buffer.from('fLaC'),
  wma: hex('3026b2758e66cf11'),
  amr: Buffer.from('#!AMR\n'),
  doc: hex('d0cf11e0a1b11ae1'),
  xls: hex('d0cf11e0a1b11ae1'),
  ppt: hex('d0cf11e0a1b11ae1'),
  docx: hex('504b0304'),
  xlsx: hex('504b0304'),
  pptx: hex('504b0304'),
  pdf: Buffer.from('%PDF-1.7\n'),
  zip: hex('504b0506'),
  rar: hex('526172211a070100'),
  txt: Buffer.from('店铺清单\n第二行'),
  csv: Buffer.from('name,price\n牙刷,3.5\n'),
  md: Buffer.from('# 标题\n'),
  json: Buffer.from('  {"a": 1}'),
};

describe('contentMatches', () => {
  it('knows no extension named like an Object property', () => {
    for (const ext of ['constructor', '__proto__', 'toString', 'valueOf']) {
      expect(contentMatches(ext, Buffer.from('hello')), ext).toBe(false);
      expect(servedHeaders(ext)['content-type'], ext).toBe('application/octet-stream');
      expect(objectHeaders(ext).contentType, ext).toBe('application/octet-stream');
    }
  });

  it('has a genuine sample for every allowed extension, and accepts it', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...ALLOWED_EXTENSIONS].sort());
    for (const [ext, head] of Object.entries(SAMPLES)) expect(contentMatches(ext, head), ext).toBe(true);
  });

  it('refuses HTML, scripts and other formats under every extension but text ones', () => {
    const html = Buffer.from('<!doctype html><script>alert(1)</script>');
    for (const ext of ALLOWED_EXTENSIONS) {
      const text = ['txt', 'csv', 'md'].includes(ext);
      expect(contentMatches(ext, html), ext).toBe(text);
    }
    expect(contentMatches('jpg', SAMPLES.png as Buffer)).toBe(false);
    expect(contentMatches('png', SAMPLES.gif as Buffer)).toBe(false);
    expect(contentMatches('webp', SAMPLES.wav as Buffer)).toBe(false);
    expect(contentMatches('bmp', Buffer.from('BM is not enough'))).toBe(false);
    expect(contentMatches('exe', hex('4d5a9000'))).toBe(false);
    expect(contentMatches('png', Buffer.alloc(0))).toBe(false);
  });

  it('tells SVG from HTML and binary', () => {
    expect(isSvg(Buffer.from('<svg width="1"></svg>'))).toBe(true);
    expect(isSvg(Buffer.from('<SVG:svg xmlns:svg="x"/>'))).toBe(true);
    expect(isSvg(Buffer.from('<html><svg/></html>'))).toBe(false);
    expect(isSvg(Buffer.from('<?xml version="1.0"?><html/>'))).toBe(false);
    expect(isSvg(Buffer.from('<svgx/>'))).toBe(false);
    expect(isSvg(Buffer.from('<!-- never closed <svg/>'))).toBe(false);
    expect(isSvg(Buffer.from([0x3c, 0x73, 0x76, 0x67, 0x00]))).toBe(false);
  });

  it('reads text as UTF-8, letting a character cut at the end of the head pass', () => {
    const cut = Buffer.from('价格', 'utf8').subarray(0, 4);
    expect(contentMatches('txt', cut)).toBe(true);
    expect(contentMatches('txt', hex('c328'))).toBe(false);
    expect(contentMatches('json', Buffer.from('not json'))).toBe(false);
  });
});

describe('declaredTypeFits', () => {
  it('lets a generic or absent type through, and a matching one', () => {
    expect(declaredTypeFits('png', undefined)).toBe(true);
    expect(declaredTypeFits('png', '')).toBe(true);
    expect(declaredTypeFits('png', 'application/octet-stream')).toBe(true);
    expect(declaredTypeFits('png', 'image/png')).toBe(true);
    expect(declaredTypeFits('mp4', 'video/mp4')).toBe(true);
    expect(declaredTypeFits('ogg', 'application/ogg')).toBe(true);
    expect(declaredTypeFits('docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      true,
    );
    expect(declaredTypeFits('svg', 'image/svg+xml')).toBe(true);
  });

  it('refuses an active type on anything but an SVG, and media of another kind', () => {
    for (const type of [
      'text/html',
      'application/xhtml+xml',
      'text/javascript',
      'application/javascript',
      'text/xml',
    ]) {
      expect(declaredTypeFits('png', type), type).toBe(false);
      expect(declaredTypeFits('txt', type), type).toBe(false);
      expect(declaredTypeFits('pdf', `${type}; charset=utf-8`), type).toBe(false);
    }
    expect(declaredTypeFits('png', 'image/svg+xml')).toBe(false);
    expect(declaredTypeFits('png', 'video/mp4')).toBe(false);
    expect(declaredTypeFits('mp3', 'image/png')).toBe(false);
    expect(declaredTypeFits('svg', 'image/png')).toBe(false);
    expect(declaredTypeFits('svg', 'text/html')).toBe(false);
  });
});

describe('served headers', () => {
  it('never lets a stored file run as a page of our origin', () => {
    for (const ext of ['html', 'htm', 'xhtml', 'js', 'xml', '', 'exe', 'txt', 'zip', 'docx']) {
      const headers = servedHeaders(ext);
      expect(headers['content-type'], ext).not.toMatch(/html|javascript|\/xml|\+xml/);
      expect(headers['content-disposition'], ext).toBe('attachment');
      expect(headers['content-security-policy'], ext).toBe("default-src 'none'; sandbox");
      expect(headers['x-content-type-options'], ext).toBe('nosniff');
    }
    const svg = servedHeaders('svg');
    expect(svg['content-disposition']).toBeUndefined();
    expect(svg['content-security-policy']).toMatch(/^default-src 'none';.*sandbox$/);
    expect(servedHeaders('png')).toMatchObject({
      'content-type': 'image/png',
      'content-security-policy': expect.any(String),
    });
    expect(servedHeaders('pdf')).toEqual({ 'x-content-type-options': 'nosniff', 'content-type': 'application/pdf' });
    expect(objectHeaders('html')).toEqual({ contentType: 'application/octet-stream', disposition: 'attachment' });
    expect(objectHeaders('webp')).toEqual({ contentType: 'image/webp', disposition: 'inline' });
  });
});

describe('file type groups (contract)', () => {
  it('sorts names and URLs into the groups of docs/spec.md §9', () => {
    expect(fileTypeOf('a.JPG')).toBe('image');
    expect(fileTypeOf('https://cdn.example.com/x/ad.mp4?v=2#t')).toBe('video');
    expect(fileTypeOf('报表.xlsx')).toBe('excel');
    expect(fileTypeOf('deck.pptx')).toBe('ppt');
    expect(fileTypeOf('a.rar')).toBe('archive');
    expect(fileTypeOf('a.exe')).toBe('other');
    expect(fileTypeOf('.png')).toBe('other');
    expect(groupOfExtension('html')).toBeUndefined();
  });
});
