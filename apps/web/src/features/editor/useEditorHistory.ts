import { useCallback, useEffect, useMemo, useRef, useState, type MutableRefObject } from 'react';
import { useI18n } from '../../app/i18n';
import { beginGesture, endGesture, handleKey, run, type CommandResult, type EditorNotice, type EditorState, type History } from './model';
import { useFeedback } from '../../app/feedback';

/** Notices that report success rather than a refusal. */
const SUCCESS_NOTICES = new Set<EditorNotice>(['copySuccessful', 'addedSuccessfully', 'recomposeDone']);

/** A change of the history: the next history, and what to tell the seller about it. */
export type HistoryUpdate = (next: (h: History) => { history: History; notice?: EditorNotice }) => void;

export interface EditorHistory {
  history: History;
  /** The latest history, for handlers that run between renders (keys, taps, the draft timer). */
  historyRef: MutableRefObject<History>;
  /** Shows a model notice: a success toast or a warning. */
  notify: (notice: EditorNotice | undefined) => void;
  update: HistoryUpdate;
  /** Runs a command as one undo step. */
  apply: (command: (s: EditorState) => CommandResult) => void;
  /** A slider's drag as one undo step. */
  gesture: { begin: () => void; end: () => void };
}

/**
 * The editor's undo history (model/history.ts) held by the page: every command goes through `update`, which
 * keeps a ref of the latest history beside the rendered one and shows the command's notice.
 */
export function useEditorHistory(initial: () => History): EditorHistory {
  const { m } = useI18n();
  const { message } = useFeedback();
  const [history, setHistory] = useState<History>(initial);
  const historyRef = useRef(history);

  const notify = useCallback(
    (notice: EditorNotice | undefined) => {
      if (!notice) return;
      if (SUCCESS_NOTICES.has(notice)) void message.success(m(notice));
      else void message.warning(m(notice));
    },
    [message, m],
  );
  const update = useCallback<HistoryUpdate>(
    (next) => {
      const out = next(historyRef.current);
      historyRef.current = out.history;
      setHistory(out.history);
      notify(out.notice);
    },
    [notify],
  );
  const apply = useCallback((command: (s: EditorState) => CommandResult) => update((h) => run(h, command)), [update]);
  const gesture = useMemo(
    () => ({
      begin: () => update((h) => ({ history: beginGesture(h) })),
      end: () => update((h) => ({ history: endGesture(h) })),
    }),
    [update],
  );
  return { history, historyRef, notify, update, apply, gesture };
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** The editor's keyboard shortcuts (model/keyboard.ts), except while the seller types in a field. */
export function useEditorKeys({ historyRef, update }: Pick<EditorHistory, 'historyRef' | 'update'>, onEscape: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target)) return;
      if (e.key === 'Escape') onEscape();
      const out = handleKey(historyRef.current, {
        key: e.key,
        code: e.code,
        ctrl: e.ctrlKey,
        alt: e.altKey,
        shift: e.shiftKey,
        meta: e.metaKey,
      });
      if (!out.handled) return;
      e.preventDefault();
      update(() => out);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [historyRef, update, onEscape]);
}
