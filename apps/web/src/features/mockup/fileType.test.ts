import { describe, expect, it } from 'vitest';
import { fileImageKind, imageKind } from './fileType';

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d];
const JPEG = [0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46];

describe('the upload check of the mockup prototype', () => {
  it('knows PNG and JPEG by their first bytes', () => {
    expect(imageKind(new Uint8Array(PNG))).toBe('png');
    expect(imageKind(new Uint8Array(JPEG))).toBe('jpeg');
  });

  it('refuses anything else, however short', () => {
    expect(imageKind(new TextEncoder().encode('just some text, named .png'))).toBeNull();
    expect(imageKind(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(imageKind(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(imageKind(new Uint8Array([0x89, 0x50, 0x4e]))).toBeNull();
    expect(imageKind(new Uint8Array([0xff, 0xd8]))).toBeNull();
    expect(imageKind(new Uint8Array([]))).toBeNull();
  });

  it('reads a file by content, not by its name or declared type', async () => {
    const text = new File(['hello'], 'photo.png', { type: 'image/png' });
    expect(await fileImageKind(text)).toBeNull();
    const png = new File([new Uint8Array(PNG)], 'notes.txt', { type: 'text/plain' });
    expect(await fileImageKind(png)).toBe('png');
  });
});
