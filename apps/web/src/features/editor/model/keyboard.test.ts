import { describe, expect, it } from 'vitest';
import { selectLayer, toggleTiling } from './commands';
import { createHistory, type History } from './history';
import { detectDoubleTap, handleKey, keyAction, SHORTCUT_LIST, tapLayer, type KeyDescriptor } from './keyboard';
import { currentArea, type EditorState } from './state';
import { editor } from './testFixtures';

const key = (k: string, mods: Partial<Omit<KeyDescriptor, 'key'>> = {}): KeyDescriptor => ({
  key: k,
  ctrl: false,
  alt: false,
  shift: false,
  meta: false,
  ...mods,
});
const get = (h: History, id: string) => currentArea(h.present).layers.find((l) => l.id === id);
const withSelected = (id: string, s: EditorState = editor()) => createHistory(selectLayer(s, id).state);

describe('key mapping (docs/editor.md#the-screen)', () => {
  const table: [string, KeyDescriptor, ReturnType<typeof keyAction>][] = [
    ['ArrowLeft', key('ArrowLeft'), { type: 'nudge', dx: -4, dy: 0 }],
    ['ArrowRight', key('ArrowRight'), { type: 'nudge', dx: 4, dy: 0 }],
    ['ArrowUp', key('ArrowUp'), { type: 'nudge', dx: 0, dy: -4 }],
    ['ArrowDown', key('ArrowDown'), { type: 'nudge', dx: 0, dy: 4 }],
    ['Ctrl+Q', key('q', { ctrl: true }), { type: 'rotate', deg: 45 }],
    ['Alt+Q', key('q', { alt: true }), { type: 'rotate', deg: -45 }],
    ['Ctrl+Z', key('z', { ctrl: true }), { type: 'enlarge' }],
    ['Alt+Z', key('z', { alt: true }), { type: 'shrink' }],
    ['Delete', key('Delete'), { type: 'delete' }],
    ['Backspace', key('Backspace'), { type: 'delete' }],
    ['Ctrl+C', key('c', { ctrl: true }), { type: 'copy' }],
    ['Ctrl+B', key('b', { ctrl: true }), { type: 'fill' }],
    ['Alt+B', key('b', { alt: true }), { type: 'adapt' }],
    ['Shift+R', key('R', { shift: true }), { type: 'clearAll' }],
    ['Ctrl+S', key('s', { ctrl: true }), { type: 'saveNotice' }],
    ['Ctrl+Alt+Z (undo)', key('z', { ctrl: true, alt: true }), { type: 'undo' }],
    ['Ctrl+Shift+Z (redo)', key('Z', { ctrl: true, shift: true }), { type: 'redo' }],
    ['Ctrl+Y (redo)', key('y', { ctrl: true }), { type: 'redo' }],
    ['⌘Z on a Mac', key('z', { meta: true }), { type: 'enlarge' }],
    ['⌥Z on a Mac types Ω', key('Ω', { alt: true, code: 'KeyZ' }), { type: 'shrink' }],
    ['Ctrl+Z on QWERTZ (physical Y)', key('z', { ctrl: true, code: 'KeyY' }), { type: 'enlarge' }],
    ['Z alone', key('z'), null],
    ['R alone', key('r'), null],
    ['Ctrl+Shift+Q', key('Q', { ctrl: true, shift: true }), null],
    ['Ctrl+Alt+Shift+Z', key('Z', { ctrl: true, alt: true, shift: true }), null],
    ['Shift+ArrowLeft', key('ArrowLeft', { shift: true }), null],
    ['Ctrl+Delete', key('Delete', { ctrl: true }), null],
    ['Ctrl+V', key('v', { ctrl: true }), null],
  ];
  it.each(table)('%s', (_name, ev, expected) => {
    expect(keyAction(ev)).toEqual(expected);
  });

  it('lists the shortcuts for the toolbar, undo and redo included', () => {
    expect(SHORTCUT_LIST.map((s) => s.keys)).toContain('Ctrl+Alt+Z');
    expect(SHORTCUT_LIST.map((s) => s.keys)).toContain('Ctrl+Shift+Z / Ctrl+Y');
  });
});

describe('handling keys on the editor', () => {
  it('arrows move the selected layer 4 px, one undo step each', () => {
    const out = handleKey(withSelected('img'), key('ArrowRight'));
    expect(out.handled).toBe(true);
    expect(get(out.history, 'img')!.x).toBe(254);
    expect(out.history.past).toHaveLength(1);
  });

  it('leaves layer keys to the browser when nothing is selected', () => {
    const h = createHistory(editor());
    for (const k of [key('ArrowRight'), key('c', { ctrl: true }), key('Delete')]) {
      const out = handleKey(h, k);
      expect(out).toEqual({ history: h, handled: false });
    }
    expect(handleKey(h, key('x'))).toEqual({ history: h, handled: false });
  });

  it('rotates, enlarges, shrinks, fills and adapts the selected layer', () => {
    const h = withSelected('img');
    expect(get(handleKey(h, key('q', { ctrl: true })).history, 'img')!.rotation).toBe(45);
    expect(get(handleKey(h, key('q', { alt: true })).history, 'img')!.rotation).toBe(315);
    expect(get(handleKey(h, key('z', { ctrl: true })).history, 'img')!.scale).toBe(1.1);
    expect(get(handleKey(h, key('z', { alt: true })).history, 'img')!.scale).toBe(0.9);
    expect(get(handleKey(h, key('b', { ctrl: true })).history, 'img')!.scale).toBe(2.5);
    expect(get(handleKey(h, key('b', { alt: true })).history, 'img')!.scale).toBeCloseTo(4 / 3, 5);
  });

  it('Ctrl+C copies an image, refuses a background ("Background image cannot be copied") and a text', () => {
    const copied = handleKey(withSelected('img'), key('c', { ctrl: true }));
    expect(currentArea(copied.history.present).layers).toHaveLength(5);
    const bg = handleKey(withSelected('bg'), key('c', { ctrl: true }));
    expect(bg).toMatchObject({ handled: true, notice: 'backgroundNoCopy' });
    expect(bg.history.past).toHaveLength(0);
    expect(handleKey(withSelected('txt'), key('c', { ctrl: true })).notice).toBe('editorTextNoCopy');
  });

  it('Delete removes the selected layer, but not a tiled one', () => {
    expect(get(handleKey(withSelected('img2'), key('Delete')).history, 'img2')).toBeUndefined();
    const tiled = withSelected('img', toggleTiling(editor(), 'img', '1').state);
    expect(handleKey(tiled, key('Delete')).notice).toBe('editorTiledNoDelete');
  });

  it('Shift+R clears the canvas, with or without a selection', () => {
    const out = handleKey(createHistory(editor()), key('R', { shift: true }));
    expect(currentArea(out.history.present).layers).toHaveLength(0);
    expect(out.handled).toBe(true);
  });

  it('Ctrl+S shows the save notice and changes nothing', () => {
    const h = createHistory(editor());
    expect(handleKey(h, key('s', { ctrl: true }))).toEqual({ history: h, notice: 'editorSaveShortcut', handled: true });
  });

  it('undoes with Ctrl+Alt+Z and redoes with Ctrl+Shift+Z or Ctrl+Y, while Ctrl+Z still enlarges', () => {
    let h = handleKey(withSelected('img'), key('z', { ctrl: true })).history;
    expect(get(h, 'img')!.scale).toBe(1.1);
    h = handleKey(h, key('z', { ctrl: true, alt: true })).history;
    expect(get(h, 'img')!.scale).toBe(1);
    h = handleKey(h, key('Z', { ctrl: true, shift: true })).history;
    expect(get(h, 'img')!.scale).toBe(1.1);
    h = handleKey(handleKey(h, key('z', { ctrl: true, alt: true })).history, key('y', { ctrl: true })).history;
    expect(get(h, 'img')!.scale).toBe(1.1);
  });
});

describe('double-tap to edit text (docs/editor.md#text: 300 ms)', () => {
  const first = { layerId: 'txt', time: 1000 };
  it('two taps on the same layer within 300 ms make a double tap', () => {
    expect(detectDoubleTap(first, { layerId: 'txt', time: 1299 }).double).toBe(true);
    expect(detectDoubleTap(first, { layerId: 'txt', time: 1300 }).double).toBe(true);
    expect(detectDoubleTap(first, { layerId: 'txt', time: 1301 }).double).toBe(false);
  });

  it('needs the same layer, and starts afresh after a double tap', () => {
    expect(detectDoubleTap(first, { layerId: 'img', time: 1100 })).toEqual({ double: false, last: { layerId: 'img', time: 1100 } });
    expect(detectDoubleTap(null, first)).toEqual({ double: false, last: first });
    const second = detectDoubleTap(first, { layerId: 'txt', time: 1100 });
    expect(second.last).toBeNull();
    expect(detectDoubleTap(second.last, { layerId: 'txt', time: 1200 }).double).toBe(false);
  });

  it('edits text layers only', () => {
    const s = editor();
    const a = tapLayer(s, null, { layerId: 'txt', time: 0 });
    expect(a.editTextOf).toBeNull();
    expect(tapLayer(s, a.last, { layerId: 'txt', time: 299 }).editTextOf).toBe('txt');
    expect(tapLayer(s, a.last, { layerId: 'txt', time: 301 }).editTextOf).toBeNull();
    const img = tapLayer(s, null, { layerId: 'img', time: 0 });
    expect(tapLayer(s, img.last, { layerId: 'img', time: 100 }).editTextOf).toBeNull();
  });
});
