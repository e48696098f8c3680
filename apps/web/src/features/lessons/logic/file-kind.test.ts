import { describe, expect, it } from 'vitest';
import { fileExtension, fileKind, formatFileSize } from './file-kind';

describe('fileKind', () => {
  it('reads the MIME type first, then the family, then the name', () => {
    expect(fileKind('application/pdf', 'x.bin')).toBe('pdf');
    expect(fileKind('application/vnd.ms-excel', 'x')).toBe('excel');
    expect(fileKind('image/png', 'x')).toBe('image');
    expect(fileKind('text/plain; charset=utf-8', 'x')).toBe('text');
    expect(fileKind('application/octet-stream', 'deck.PPTX')).toBe('powerpoint');
    expect(fileKind('application/octet-stream', 'talk.key')).toBeNull();
    expect(fileExtension('talk.key')).toBe('KEY');
    expect(fileExtension('README')).toBeNull();
  });
});

describe('formatFileSize', () => {
  it('counts bytes under 1 KB and one decimal above', () => {
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(2.3 * 1024 * 1024)).toBe('2.3 MB');
    expect(formatFileSize(13 * 1024 * 1024)).toBe('13.0 MB');
  });
});
