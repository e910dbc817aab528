import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ROUTE_ADDRESSES } from '@app/contract';
import { addDesignToCart, composeArea, createSynthesis, previewMockups, resaveDesign } from '../../api';
import { EDITOR_SAVED_MESSAGE, type EditorSavedMessage } from '../../app/designPopup';
import { useI18n } from '../../app/i18n';
import {
  buildSave,
  commit,
  createRecomposer,
  normalizeQuantity,
  RecomposeError,
  toDesign,
  type EditorState,
  type Recomposer,
  type SaveMode,
  type SaveRequest,
} from './model';
import { inPopup } from './useDraft';
import type { EditorHistory } from './useEditorHistory';
import { useFeedback } from '../../app/feedback';

/** The synthesis job a save started, when it started one. */
const jobIdOf = (saved: unknown) => (saved as { job_id?: string } | null)?.job_id;

/** Posts what buildSave asked for. */
function send(request: SaveRequest) {
  switch (request.path) {
    case ROUTE_ADDRESSES.synthesisCreate.path:
      return createSynthesis(request.body);
    case ROUTE_ADDRESSES.designResave.path:
      return resaveDesign(request.body);
    case ROUTE_ADDRESSES.cartAdd.path:
      return addDesignToCart(request.body);
    case ROUTE_ADDRESSES.mockupPreview.path:
      return previewMockups(request.body);
  }
}

/** The recomposer of the editor's product (model/recompose.ts): composes each area's print before a save. */
export function useRecomposer(productId: number): Recomposer {
  const { m } = useI18n();
  const { message } = useFeedback();
  const recomposer = useMemo(
    () =>
      createRecomposer({
        compose: (layerdata) => composeArea(productId, layerdata),
        notify: (notice) =>
          notice === 'materialRetrying'
            ? void message.warning({ content: m(notice), key: 'recompose' })
            : void message.error({ content: m(notice), key: 'recompose' }),
      }),
    [productId, message, m],
  );
  useEffect(() => () => recomposer.dispose(), [recomposer]);
  return recomposer;
}

export interface SaveOptions extends Pick<EditorHistory, 'notify' | 'update'> {
  state: EditorState;
  attrId: number;
  keyId: string | null;
  /** Other variants re-designed together with keyId: mode 1 saves them too. */
  alsoKeyIds: readonly string[];
  recomposer: Recomposer;
  /** The design was saved (modes 1 and 2): it is the new baseline of the draft. */
  onSaved: (state: EditorState) => void;
}

/**
 * The save modes (docs/domain.md#save-modes) as the page runs them: copy to other areas in the editor
 * (4, 5), save the product (1, 2) and add to the cart (7), with the cart quantity.
 */
export function useSave({ state, attrId, keyId, alsoKeyIds, recomposer, notify, update, onSaved }: SaveOptions) {
  const { t, m } = useI18n();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [saving, setSaving] = useState<SaveMode | null>(null);
  // As typed; an emptied field shows 1 again when left (docs/editor.md#cart-quantity).
  const [quantity, setQuantity] = useState<number | null>(1);
  const settleQuantity = () => setQuantity((q) => normalizeQuantity(q));

  const copyTo = (target: string) => {
    const outcome = target === 'all' ? buildSave(state, 5, { attrId }) : buildSave(state, 4, { attrId, targetAreaId: target });
    if (outcome.kind === 'refused') return notify(outcome.notice);
    if (outcome.kind === 'local') update((h) => ({ history: commit(h, outcome.result.state), notice: outcome.result.notice }));
  };

  /**
   * Modes 1, 2 and 7: the areas' materials (print images) are recomposed first — staggered, retried once —
   * so a design the server cannot compose is reported here, before anything is saved.
   */
  const save = async (mode: SaveMode) => {
    if (mode === 7) settleQuantity();
    const outcome = buildSave(state, mode, { attrId, keyId, quantity });
    if (outcome.kind === 'refused') return notify(outcome.notice);
    if (outcome.kind === 'local') return update((h) => ({ history: commit(h, outcome.result.state), notice: outcome.result.notice }));
    setSaving(mode);
    try {
      void message.loading({ content: m('recomposeStarting'), key: 'recompose', duration: 0 });
      await recomposer.composeAll(toDesign(state));
      const saved = await send(outcome.request);
      const jobIds = [jobIdOf(saved)];
      // Several variants chosen for one design: each gets the same save of its own size.
      if (mode === 1 && outcome.request.path === ROUTE_ADDRESSES.designResave.path)
        for (const key_id of alsoKeyIds)
          jobIds.push(jobIdOf(await send({ ...outcome.request, body: { ...(outcome.request.body as object), key_id } } as SaveRequest)));
      if (mode === 7) return void message.success({ content: m('addedSuccessfully'), key: 'recompose' });
      onSaved(state);
      const savedKey = (saved as { key_id?: string } | null)?.key_id ?? keyId;
      // In the design popup: the popup closes and the list behind links the product (app/designPopup.ts).
      if (inPopup && savedKey) {
        const note: EditorSavedMessage = { type: EDITOR_SAVED_MESSAGE, key_id: savedKey, job_ids: jobIds.filter((j) => j !== undefined) };
        window.parent.postMessage(note, window.location.origin);
      }
      // Inside the finished screen's design popup the list is right behind it: no link that would open the
      // whole app inside the popup.
      const finished = savedKey && !inPopup ? `/finished?${new URLSearchParams({ key_id: savedKey })}` : null;
      void message.success({
        key: 'recompose',
        duration: finished ? 10 : 3,
        content: (
          <span data-testid="save-done">
            {m('recomposeDone')}
            {finished && (
              // The toast lives outside the router's tree: a plain link that the editor's navigate follows.
              <a
                href={finished}
                style={{ marginLeft: 8 }}
                onClick={(e) => {
                  e.preventDefault();
                  message.destroy('recompose');
                  void navigate(finished);
                }}
              >
                {t('editor.viewFinished')}
              </a>
            )}
          </span>
        ),
      });
    } catch (e) {
      // The recomposer has already said so ("Material composition failed, please retry saving").
      if (e instanceof RecomposeError) return;
      void message.error({ content: e instanceof Error ? e.message : m('badParameters'), key: 'recompose' });
    } finally {
      setSaving(null);
    }
  };

  return { saving, save, copyTo, quantity, setQuantity, settleQuantity };
}
