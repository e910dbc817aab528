import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import { useBlocker } from 'react-router';
import { EDITOR_DIRTY_MESSAGE, type EditorDirtyMessage } from '../../app/designPopup';
import { clearDraft, designSnapshot, draftKey, isDirty, readDraft, writeDraft, type Draft, type EditorState, type History } from './model';

/** The editor runs in the finished screen's design popup (an iframe of this app). */
export const inPopup = window.self !== window.top;

export interface DraftOptions {
  userId: number;
  productId: number;
  keyId: string | null;
  historyRef: MutableRefObject<History>;
  /** The present design: a change of it is written as the draft once it settles. */
  present: EditorState;
}

/**
 * Never lose a design: the design as opened or last saved, the draft kept in local storage (per account and
 * product: a shared office computer), the draft of an earlier visit offered back, and a warning before
 * leaving with changes (model/draft.ts).
 */
export function useDraft({ userId, productId, keyId, historyRef, present }: DraftOptions) {
  const storageKey = draftKey({ userId, productId, keyId });
  const [opened] = useState(() => designSnapshot(present));
  const baseline = useRef(opened);
  const [offered, setOffered] = useState<Draft | null>(() => readDraft(localStorage, storageKey, present));
  const offeredRef = useRef(offered);
  useEffect(() => {
    offeredRef.current = offered;
  }, [offered]);
  const dirty = useCallback(() => isDirty(historyRef.current.present, baseline.current), [historyRef]);
  // Whether this tab wrote the stored draft: only then may it remove it (a second tab on the same product,
  // clean, must not delete the first tab's draft).
  const wroteDraft = useRef(false);
  const keepDraft = useCallback(() => {
    // While an earlier draft is offered it stays as it is until the seller restores or discards it: new
    // work is not written over it (the leave warning protects the new work meanwhile).
    if (offeredRef.current) return;
    const now = historyRef.current.present;
    if (isDirty(now, baseline.current)) {
      writeDraft(localStorage, storageKey, now, Date.now());
      wroteDraft.current = true;
    } else if (wroteDraft.current) {
      clearDraft(localStorage, storageKey);
      wroteDraft.current = false;
    }
  }, [storageKey, historyRef]);
  const toldDirty = useRef(false);
  const settle = useCallback(() => {
    keepDraft();
    // In the design popup: the popup asks before closing on unsaved changes (app/designPopup.ts).
    const now = dirty();
    if (inPopup && now !== toldDirty.current) {
      toldDirty.current = now;
      const note: EditorDirtyMessage = { type: EDITOR_DIRTY_MESSAGE, dirty: now };
      window.parent.postMessage(note, window.location.origin);
    }
  }, [keepDraft, dirty]);
  useEffect(() => {
    // Written shortly after a change settles (not on every step of a drag), and when the editor goes away.
    const timer = setTimeout(settle, 300);
    return () => clearTimeout(timer);
  }, [present, settle]);
  useEffect(() => keepDraft, [keepDraft]);
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirty()) return;
      keepDraft();
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty, keepDraft]);
  const blocker = useBlocker(dirty);

  /**
   * Saved: nothing left to lose, so no draft and no leave warning until the next change. Edits made while it
   * recomposed stay a draft (`state` is the design saved, as it was when the save began).
   */
  const markSaved = useCallback(
    (state: EditorState) => {
      baseline.current = designSnapshot(state);
      offeredRef.current = null;
      setOffered(null);
      wroteDraft.current = true;
      settle();
    },
    [settle],
  );
  /** The offered draft answered: restored (the page applies it) or discarded (removed from storage). */
  const closeOffer = useCallback(
    (discard: boolean) => {
      setOffered(null);
      if (discard) clearDraft(localStorage, storageKey);
    },
    [storageKey],
  );
  return { offered, blocker, keepDraft, markSaved, closeOffer };
}
