import { describe, expect, test } from 'vitest';
import { attachmentDisposition, cleanFileName } from '../../src/server/features/marketing-resources/file-names.js';

describe('cleanFileName', () => {
  test.each([
    ['../../etc/passwd.png', ['png'], 'passwd.png'],
    ['C:\\Users\\ann\\flyer.PNG', ['png'], 'flyer.png'],
    ['page.html', ['png'], 'page.png'],
    ['photo.jpeg', ['jpg', 'jpeg'], 'photo.jpeg'],
    ['no-extension', ['pdf'], 'no-extension.pdf'],
    ['.hidden', ['pdf'], 'hidden.pdf'],
    ['', ['mp4'], 'file.mp4'],
    ['a"b<c>|d;\u0000e\u202e.pdf', ['pdf'], 'abcde.pdf'],
    ['   spaced    out   .pdf', ['pdf'], 'spaced out.pdf'],
  ])('%j becomes %j', (original, extensions, expected) => {
    expect(cleanFileName(original, extensions)).toBe(expected);
  });

  test('long names are cut, keeping the extension', () => {
    const name = cleanFileName(`${'x'.repeat(500)}.pdf`, ['pdf']);
    expect(name.length).toBeLessThanOrEqual(120);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});

describe('attachmentDisposition', () => {
  test('gives an ASCII fallback and the exact name encoded', () => {
    expect(attachmentDisposition('Menü (1).pdf')).toBe(`attachment; filename="Menu (1).pdf"; filename*=UTF-8''Men%C3%BC%20%281%29.pdf`);
    expect(attachmentDisposition('日本.png')).toBe(`attachment; filename=".png"; filename*=UTF-8''%E6%97%A5%E6%9C%AC.png`);
  });
});
