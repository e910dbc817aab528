import { describe, expect, it } from 'vitest';
import { clearEditorSession, openEditor, readSessionArea, sessionKey, switchArea } from './areaSwitch';
import { nudgeLayer, selectLayer, setLocked } from './commands';
import { createEditorState, currentArea } from './state';
import { MemoryStorage, editor, product, savedDesign } from './testFixtures';

describe('switching the design area (docs/editor.md#the-screen)', () => {
  it("clears the session storage when the editor is created, and only the editor's keys", () => {
    const storage = new MemoryStorage();
    storage.setItem(sessionKey(7, 'back'), '{}');
    storage.setItem(sessionKey(99, 'front'), '{}');
    storage.setItem('other.app', 'keep');
    const s = openEditor(product, savedDesign, storage);
    expect([...storage.map.keys()]).toEqual(['other.app']);
    expect(s.currentAreaId).toBe('front');
    clearEditorSession(storage);
    expect(storage.length).toBe(1);
  });

  it('restores an area from the saved design the first time, blank when it has none', () => {
    const storage = new MemoryStorage();
    const back = switchArea(editor(), 'back', storage);
    expect(back.source).toBe('saved');
    expect(back.state.currentAreaId).toBe('back');
    expect(currentArea(back.state).layers).toEqual(savedDesign.areas[1]!.layers);
    const sleeve = switchArea(editor(), 'sleeve', storage);
    expect(sleeve.source).toBe('blank');
    expect(currentArea(sleeve.state).layers).toEqual([]);
  });

  it('keeps the area left in memory and in session storage, with its flags, and clears the selection', () => {
    const storage = new MemoryStorage();
    const edited = selectLayer(nudgeLayer(setLocked(editor(), 'img2').state, 'img', 4, 0).state, 'img').state;
    const out = switchArea(edited, 'back', storage);
    expect(out.state.selectedId).toBeNull();
    expect(readSessionArea(storage, 7, 'front')).toEqual(currentArea(edited));
    const s = switchArea(out.state, 'front', storage).state;
    expect(currentArea(s)).toBe(currentArea(edited));
    expect(currentArea(s).layers.find((l) => l.id === 'img')!.x).toBe(254);
    expect(currentArea(s).flags.img2).toEqual({ locked: true, hidden: false });
  });

  it('takes memory first, then session storage, then the saved design, then blank', () => {
    const storage = new MemoryStorage();
    // Visit back, edit it, go back to front: back is now in memory and in the session storage.
    let s = switchArea(editor(), 'back', storage).state;
    s = nudgeLayer(s, 'b1', 0, 10).state;
    s = switchArea(s, 'front', storage).state;
    const fromMemory = switchArea(s, 'back', storage);
    expect(fromMemory.source).toBe('memory');
    expect(currentArea(fromMemory.state).layers[0]!.y).toBe(310);

    // A state rebuilt within the same editor (memory lost, session kept) finds back in the session storage.
    const rebuilt = createEditorState(product, savedDesign);
    const fromSession = switchArea(rebuilt, 'back', storage);
    expect(fromSession.source).toBe('session');
    expect(currentArea(fromSession.state).layers[0]!.y).toBe(310);

    // After the editor is created again the session is empty: the saved design.
    const reopened = openEditor(product, savedDesign, storage);
    expect(switchArea(reopened, 'back', storage).source).toBe('saved');
    expect(switchArea(reopened, 'sleeve', storage).source).toBe('blank');
  });

  it('ignores an unreadable session copy', () => {
    const storage = new MemoryStorage();
    storage.setItem(sessionKey(7, 'back'), '{"layers":[{"id":1}]}');
    expect(switchArea(editor(), 'back', storage).source).toBe('saved');
    storage.setItem(sessionKey(7, 'back'), 'not json');
    expect(switchArea(editor(), 'back', storage).source).toBe('saved');
  });

  it('still switches when the storage is full', () => {
    const storage = new MemoryStorage();
    storage.setItem = () => {
      throw new Error('QuotaExceededError');
    };
    expect(switchArea(editor(), 'back', storage).state.currentAreaId).toBe('back');
  });

  it('does nothing for the current area and refuses an unknown one', () => {
    const storage = new MemoryStorage();
    const s = editor();
    expect(switchArea(s, 'front', storage).state).toBe(s);
    expect(switchArea(s, 'nope', storage)).toEqual({ state: s, notice: 'badParameters' });
    expect(storage.length).toBe(0);
  });
});
