import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { isJobSettled, type FinishedRow } from '@app/contract';
import {
  useCancelCombine,
  useCombine,
  useDeleteFinished,
  useJobs,
  useRefreshFinished,
  useRegenerate,
  useWithdrawPublicImages,
} from '../../api';
import type { EditorSavedMessage } from '../../app/designPopup';
import { useFeedback, settled } from '../../app/feedback';
import { useI18n } from '../../app/i18n';

/** The finished screen's selection: rows by id, kept across pages. */
export type Selection = Map<number, FinishedRow>;

/**
 * The confirmed operations of the finished screen, shared by the toolbar and a row's menu: each asks first,
 * then says what it did and takes the rows it changed out of the selection.
 */
export function useFinishedActions(selected: Selection, setSelected: React.Dispatch<React.SetStateAction<Selection>>) {
  const { t, m } = useI18n();
  const { message, modal } = useFeedback();
  const del = useDeleteFinished();
  const combine = useCombine();
  const cancelCombine = useCancelCombine();
  const regenerate = useRegenerate();
  const withdraw = useWithdrawPublicImages();
  const unselect = (ids: number[]) => setSelected((prev) => new Map([...prev].filter(([id]) => !ids.includes(id))));
  const ask = (title: string, onOk: () => Promise<unknown>, danger = false) =>
    modal.confirm({
      title,
      okText: danger ? t('common.delete') : t('common.confirm'),
      okButtonProps: danger ? { danger: true } : undefined,
      cancelText: t('common.cancel'),
      onOk: () => settled(onOk()),
    });

  return {
    combining: combine.isPending,
    combine: () => {
      const anyCombined = [...selected.values()].some((r) => r.combine_rule === '1');
      ask(m(anyCombined ? 'confirmCombineMixed' : 'confirmCombineSimple'), () =>
        combine.mutateAsync([...selected.keys()]).then(() => {
          setSelected(new Map());
          void message.success(t('finished.combined'));
        }),
      );
    },
    cancelCombine: (ids: number[], text: 'confirmCancelCombination' | 'confirmCancelCombo') =>
      ask(m(text), () =>
        cancelCombine.mutateAsync(ids).then(() => {
          unselect(ids);
          void message.success(t('finished.uncombined'));
        }),
      ),
    delete: (ids: number[]) =>
      ask(
        m('confirmDelete'),
        () =>
          del.mutateAsync(ids).then(() => {
            unselect(ids);
            void message.success(t('finished.deleted'));
          }),
        true,
      ),
    // The product's /pub copies stop answering (docs/security.md#public-image-copies); the product stays.
    withdrawImages: (ids: number[]) =>
      ask(t('finished.confirmWithdrawImages'), () =>
        withdraw.mutateAsync(ids).then((r) => void message.success(t('finished.imagesWithdrawn', { n: r.withdrawn }))),
      ),
    regenerate: (rows: FinishedRow[]) =>
      ask(m('confirmRegenerate'), async () => {
        for (const r of rows) await regenerate.mutateAsync(r.key_id);
        void message.success(m('regenerationStarted'));
      }),
  };
}

/**
 * A re-design saved in the design popup: the message links the product (the list filtered to it), and the
 * list is fetched again once its recomposition jobs are done, so the row shows the new images.
 */
export function useDesignSaved() {
  const { t } = useI18n();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const refresh = useRefreshFinished();
  const [jobIds, setJobIds] = useState<string[]>([]);
  const jobs = useJobs(jobIds);
  const allSettled = jobIds.length > 0 && jobs.every((j) => j.data !== undefined && isJobSettled(j.data.status));
  // Once every job followed so far has settled (a later save starts following again; settled jobs ask no more).
  useEffect(() => {
    if (allSettled) void refresh();
  }, [allSettled, refresh]);

  return (saved: EditorSavedMessage) => {
    setJobIds((prev) => [...prev, ...saved.job_ids]);
    const to = `/finished?${new URLSearchParams({ key_id: saved.key_id })}`;
    void message.success({
      key: 'design-saved',
      duration: 10,
      content: (
        <span data-testid="design-saved">
          {t('finished.design.saved', { key: saved.key_id })}
          {/* The message lives outside the router's tree: a plain link that the page's navigate follows. */}
          <a
            href={to}
            style={{ marginInlineStart: 8 }}
            onClick={(e) => {
              e.preventDefault();
              message.destroy('design-saved');
              void navigate(to);
            }}
          >
            {t('finished.design.view')}
          </a>
        </span>
      ),
    });
  };
}
