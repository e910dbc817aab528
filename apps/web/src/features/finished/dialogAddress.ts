import { useCallback, useRef } from 'react';
import { useLocation, useNavigate, useOutletContext, useParams } from 'react-router';
import type { FinishedRow } from '@app/contract';
import { useFinishedList } from '../../api';
import type { EditorSavedMessage } from '../../app/designPopup';
import type { ExportDialogMode } from '../exports';

/**
 * The finished screen's dialogs have addresses (child routes of /finished, declared in app/routes.tsx, drawn by AddressedDialog.tsx): a link opens
 * one, Back closes it, a reload or a shared link opens it again, and the list's filters and page stay in the
 * address behind it.
 */
export type RowDialog = 'edit' | 'redesign' | 'remark';

/** What a link to a dialog carries, so closing it steps back instead of adding a history entry. */
export const FROM_LIST = { fromList: true } as const;

/** The address of a row's dialog (by the finished number the seller sees), with the list's own parameters. */
export const rowDialogTo = (keyId: string, dialog: RowDialog, search: string) => ({
  pathname: `/finished/${encodeURIComponent(keyId)}/${dialog}`,
  search,
});

/** The address of the export dialog for the chosen products. */
export function exportDialogTo(mode: ExportDialogMode, ids: number[], search: string) {
  const params = new URLSearchParams(search);
  params.set('ids', ids.join(','));
  return { pathname: `/finished/export/${mode}`, search: params.toString() };
}

/** What the list page hands its dialog routes. */
export interface FinishedOutlet {
  /** The page's rows, so a dialog opened from the list needs no second call. */
  rows: FinishedRow[];
  /** A re-design was saved in the design popup: the page links the product and follows its recomposition. */
  onDesignSaved: (saved: EditorSavedMessage) => void;
}

export const useFinishedOutlet = () => useOutletContext<FinishedOutlet>();

/**
 * Closes a dialog route back to the list. Opened from the list, it steps back (the next Back leaves the list,
 * not re-opens the dialog); opened by its address, or with `replace` (a dialog that moves on to another page
 * right after), the list replaces it.
 */
export function useCloseDialog() {
  const navigate = useNavigate();
  const { search, state } = useLocation();
  // Once: a dialog may call its close twice (an error effect, then its own close), which must not step back twice.
  const closed = useRef(false);
  return useCallback(
    (how: 'back' | 'replace' = 'back') => {
      if (closed.current) return;
      closed.current = true;
      if (how === 'back' && (state as typeof FROM_LIST | null)?.fromList) return void navigate(-1);
      const params = new URLSearchParams(search);
      params.delete('ids');
      void navigate({ pathname: '/finished', search: params.toString() }, { replace: true });
    },
    [navigate, search, state],
  );
}

/**
 * The row a dialog route is about: the list's own when it shows it, else asked for by its finished number (a
 * reload, a shared link, another page of the list). `undefined` while asked for, `null` when there is none.
 */
export function useDialogRow(): FinishedRow | null | undefined {
  const { keyId = '' } = useParams();
  const { rows } = useFinishedOutlet();
  const listed = rows.find((r) => r.key_id === keyId);
  const asked = useFinishedList({ pageNumber: 1, pageSize: 10, is_online: 0, key_id: keyId }, { enabled: !listed && keyId !== '' });
  if (listed) return listed;
  if (keyId === '' || asked.isError) return null;
  return asked.data ? (asked.data.list.find((r) => r.key_id === keyId) ?? null) : undefined;
}
