import { describe, expect, it } from 'vitest';
import { noticeText } from './messages';

describe('editor notices', () => {
  it('answers the text of catalogue and editor keys in both languages', () => {
    expect(noticeText('backgroundNoCopy', 'zh')).toBe('背景图不能复制');
    expect(noticeText('alreadyOnMask', 'en')).toBe('Already on the current mask, no need to copy');
    expect(noticeText('editorTiledNoDelete', 'en')).toMatch(/tiled/);
    expect(noticeText('editorTextNoAlign')).toBe('文字图层不能对齐');
  });
});
