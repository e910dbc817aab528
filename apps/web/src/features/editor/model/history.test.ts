import { describe, expect, it } from 'vitest';
import { switchArea } from './areaSwitch';
import { copyLayer, copyToArea, enlargeLayer, moveLayer, nudgeLayer, rotateLayer, selectLayer, setLocked } from './commands';
import { beginGesture, canRedo, canUndo, commit, createHistory, endGesture, redo, run, undo, type History } from './history';
import { areaContent, currentArea, toDesign } from './state';
import { MemoryStorage, editor, savedDesign } from './testFixtures';

const x = (h: History, id = 'img') => currentArea(h.present).layers.find((l) => l.id === id)!.x;

describe('history', () => {
  it('starts with nothing to undo or redo', () => {
    const h = createHistory(editor());
    expect(canUndo(h)).toBe(false);
    expect(canRedo(h)).toBe(false);
    expect(undo(h)).toEqual(h);
    expect(redo(h)).toEqual(h);
  });

  it('does not record selection changes', () => {
    let h = createHistory(editor());
    h = run(h, selectLayer, 'img').history;
    h = run(h, selectLayer, 'txt').history;
    expect(h.present.selectedId).toBe('txt');
    expect(h.past).toHaveLength(0);
  });

  it('does not record refused commands or no-ops, and passes their notice on', () => {
    const h = createHistory(editor());
    const refused = run(h, moveLayer, 'bg', 1, 1);
    expect(refused.notice).toBe('editorBackgroundNoMove');
    expect(refused.history).toBe(h);
    expect(run(h, moveLayer, 'img', 250, 260).history).toBe(h);
  });

  it('undoes and redoes steps in order; a new change drops the redo list', () => {
    let h = createHistory(editor());
    h = run(h, nudgeLayer, 'img', 4, 0).history;
    h = run(h, nudgeLayer, 'img', 4, 0).history;
    expect(x(h)).toBe(258);
    h = undo(h);
    expect(x(h)).toBe(254);
    h = undo(h);
    expect(x(h)).toBe(250);
    expect(canUndo(h)).toBe(false);
    h = redo(h);
    expect(x(h)).toBe(254);
    expect(canRedo(h)).toBe(true);
    h = run(h, rotateLayer, 'img', 45).history;
    expect(canRedo(h)).toBe(false);
    expect(redo(h).present).toBe(h.present);
  });

  it('restores the selection of the step undone', () => {
    let h = createHistory(editor());
    h = run(h, copyLayer, 'img').history;
    const copyId = h.present.selectedId;
    h = undo(h);
    expect(h.present.selectedId).toBeNull();
    h = redo(h);
    expect(h.present.selectedId).toBe(copyId);
  });

  it('records a drag as one step, from its start to its end', () => {
    let h = beginGesture(createHistory(editor()));
    for (let i = 1; i <= 30; i++) h = run(h, moveLayer, 'img', 250 + i, 260 + i).history;
    expect(canUndo(h)).toBe(true);
    h = endGesture(h);
    expect(h.past).toHaveLength(1);
    expect(x(h)).toBe(280);
    h = undo(h);
    expect(x(h)).toBe(250);
    expect(redo(h).present).toEqual(expect.objectContaining({ currentAreaId: 'front' }));
    expect(x(redo(h))).toBe(280);
  });

  it('records nothing for a drag that ends where it started, and ends a drag under way on undo', () => {
    let h = beginGesture(createHistory(editor()));
    h = run(h, moveLayer, 'img', 10, 10).history;
    h = run(h, moveLayer, 'img', 250, 260).history;
    expect(endGesture(h).past).toHaveLength(0);

    let g = beginGesture(createHistory(editor()));
    g = run(g, moveLayer, 'img', 10, 10).history;
    g = undo(g);
    expect(x(g)).toBe(250);
    expect(g.gestureStart).toBeNull();
    expect(x(redo(g))).toBe(10);
  });

  it('keeps at most `limit` steps', () => {
    let h = createHistory(editor(), 3);
    for (let i = 0; i < 5; i++) h = run(h, nudgeLayer, 'img', 1, 0).history;
    expect(h.past).toHaveLength(3);
    while (canUndo(h)) h = undo(h);
    expect(x(h)).toBe(252);
  });

  it('does not record switching the design area, and undo goes back to the area the change was made in', () => {
    const storage = new MemoryStorage();
    let h = createHistory(editor());
    h = run(h, enlargeLayer, 'img').history;
    h = commit(h, switchArea(h.present, 'back', storage).state);
    expect(h.past).toHaveLength(1);
    expect(h.present.currentAreaId).toBe('back');
    h = undo(h);
    expect(h.present.currentAreaId).toBe('front');
    expect(currentArea(h.present).layers.find((l) => l.id === 'img')!.scale).toBe(1);
    // The back area loaded meanwhile stays in memory.
    expect(h.present.areas.back).toBeDefined();
  });

  it('never brings back an undone edit from the session copy of an area', () => {
    const storage = new MemoryStorage();
    let h = createHistory(editor());
    h = run(h, nudgeLayer, 'img', 4, 0).history; // edit front
    h = commit(h, switchArea(h.present, 'back', storage).state); // back loaded from the saved design
    h = run(h, nudgeLayer, 'b1', 0, 4).history; // edit back
    h = commit(h, switchArea(h.present, 'front', storage).state); // session now holds the edited back
    h = undo(undo(h));
    expect(h.present.currentAreaId).toBe('front');
    const back = switchArea(h.present, 'back', storage);
    expect(back.source).toBe('memory');
    expect(currentArea(back.state).layers[0]!.y).toBe(300);
  });

  it("undoes a copy onto an area not yet visited back to that area's saved design", () => {
    const storage = new MemoryStorage();
    let h = createHistory(editor());
    h = run(h, copyToArea, 'back').history;
    expect(areaContent(h.present, 'back').layers).toHaveLength(4);
    h = undo(h);
    expect(toDesign(h.present)).toEqual(toDesign(editor()));
    const back = switchArea(h.present, 'back', storage).state;
    expect(currentArea(back).layers).toEqual(savedDesign.areas[1]!.layers);
  });

  it('records lock and hide as steps (they change what the seller sees)', () => {
    let h = createHistory(editor());
    h = run(h, setLocked, 'img').history;
    expect(h.past).toHaveLength(1);
    expect(currentArea(undo(h).present).flags.img).toBeUndefined();
  });
});
