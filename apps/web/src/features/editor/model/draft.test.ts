import { describe, expect, it } from 'vitest';
import { switchArea } from './areaSwitch';
import { addText, setBackgroundColor, setLocked } from './commands';
import { clearDraft, designSnapshot, draftKey, isDirty, readDraft, restoreDraft, writeDraft } from './draft';
import { toDesign } from './state';
import { MemoryStorage, editor, layer } from './testFixtures';

/** The seller's session: a text on the front, then the back tab with a background colour and a locked layer. */
function edited() {
  const storage = new MemoryStorage();
  let s = addText(editor()).state;
  s = switchArea(s, 'back', storage).state;
  s = setBackgroundColor(s, '#112233').state;
  s = setLocked(s, 'b1', true).state;
  return s;
}

describe('drafts (docs/editor.md#drafts: never lose a design)', () => {
  it('keys a draft by account and by the finished product when re-designing, else by the blank', () => {
    expect(draftKey({ userId: 3, productId: 7, keyId: null })).toBe('editor.draft.3.product.7');
    expect(draftKey({ userId: 3, productId: 7, keyId: 'K1' })).toBe('editor.draft.3.finished.K1');
    // Another account on the same computer has its own key for the same blank.
    expect(draftKey({ userId: 4, productId: 7, keyId: null })).not.toBe(draftKey({ userId: 3, productId: 7, keyId: null }));
  });

  it('is dirty once the design changes, not when only the tab or the selection does', () => {
    const opened = editor();
    const baseline = designSnapshot(opened);
    expect(isDirty(switchArea(opened, 'back', new MemoryStorage()).state, baseline)).toBe(false);
    expect(isDirty({ ...opened, selectedId: 'img' }, baseline)).toBe(false);
    expect(isDirty(addText(opened).state, baseline)).toBe(true);
  });

  it('restores the design left: every area, its background and flags, and the tab that was open', () => {
    const storage = new MemoryStorage();
    const left = edited();
    writeDraft(storage, 'k', left, 1000);
    const draft = readDraft(storage, 'k', editor())!;
    expect(draft.savedAt).toBe(1000);
    const restored = restoreDraft(editor(), draft);
    expect(toDesign(restored)).toEqual(toDesign(left));
    expect(designSnapshot(restored)).toBe(designSnapshot(left));
    expect(restored.currentAreaId).toBe('back');
    expect(restored.areas.back!.flags.b1).toEqual({ locked: true, hidden: false });
    // The saved design stays the fallback of switching, untouched.
    expect(restored.saved).toBe(editor().saved);
  });

  it('offers nothing when the draft is the design opened, unreadable, or cleared', () => {
    const storage = new MemoryStorage();
    writeDraft(storage, 'same', editor(), 1);
    expect(readDraft(storage, 'same', editor())).toBeNull();
    storage.setItem('junk', '{not json');
    expect(readDraft(storage, 'junk', editor())).toBeNull();
    storage.setItem('bad', JSON.stringify({ areas: { front: { background: '', layers: [{ id: 1 }] } } }));
    expect(readDraft(storage, 'bad', editor())).toBeNull();
    writeDraft(storage, 'k', edited(), 2);
    clearDraft(storage, 'k');
    expect(readDraft(storage, 'k', editor())).toBeNull();
  });

  it('drops areas the product no longer has', () => {
    const storage = new MemoryStorage();
    const front = { background: '', layers: [layer({ id: 'n1' })], flags: {} };
    storage.setItem('k', JSON.stringify({ savedAt: 5, currentAreaId: 'gone', areas: { front, gone: front } }));
    const draft = readDraft(storage, 'k', editor())!;
    expect(Object.keys(draft.areas)).toEqual(['front']);
    expect(draft.currentAreaId).toBe('front');
  });
});
