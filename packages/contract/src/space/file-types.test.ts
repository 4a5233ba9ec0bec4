import { describe, expect, it } from 'vitest';
import { FILE_TYPE_GROUPS, isPrivateFile, UPLOAD_EXTENSIONS, unsignedFileUrl } from './file-types.js';

describe('private files and their links', () => {
  it('keeps images, video and audio public and every other group, or an unknown file, private', () => {
    for (const group of FILE_TYPE_GROUPS) {
      for (const ext of UPLOAD_EXTENSIONS[group]) {
        expect(isPrivateFile(`/upload/20261201/a.${ext}`), ext).toBe(!['image', 'video', 'audio'].includes(group));
      }
    }
    expect(isPrivateFile('/upload/20261201/a.XLSX?expires=1&signature=x')).toBe(true);
    expect(isPrivateFile('/upload/20261201/a.PNG')).toBe(false);
    for (const unknown of ['/upload/a.html', '/upload/blob', '/upload/a.xls%78', '/upload/a.png.exe']) {
      expect(isPrivateFile(unknown), unknown).toBe(true);
    }
  });

  it('drops only a link’s own parameters from an address', () => {
    expect(unsignedFileUrl('/upload/d/a.xlsx?expires=1&signature=abc')).toBe('/upload/d/a.xlsx');
    expect(unsignedFileUrl('https://h/upload/d/a.pdf?v=2&signature=abc&expires=9#p=1')).toBe(
      'https://h/upload/d/a.pdf?v=2#p=1',
    );
    expect(unsignedFileUrl('/upload/d/a.png')).toBe('/upload/d/a.png');
  });
});
