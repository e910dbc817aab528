import { useEffect, useRef } from 'react';
import { Modal } from 'antd';
import { useRefreshFinished } from '../../../api';
import { isEditorDirtyMessage, isEditorSavedMessage, type EditorSavedMessage } from '../../../app/designPopup';
import { useI18n } from '../../../app/i18n';
import { useFeedback } from '../../../app/feedback';

export interface DesignTarget {
  keyId: string;
  productId: number;
  /** Further variants saved with the same design (multi-design). */
  alsoKeyIds?: string[];
  title: string;
}

/** The editor's URL for re-designing a finished product (or a variant of it). */
export function designUrl(target: DesignTarget): string {
  const q = new URLSearchParams({ key_id: target.keyId, product_id: String(target.productId) });
  if (target.alsoKeyIds?.length) q.set('also', target.alsoKeyIds.join(','));
  return `/design?${q.toString()}`;
}

/**
 * The 1600 px design popup (docs/finished.md#a-re-design-saved-in-the-design-popup): the editor of /design, opened on the finished product's layer
 * record. Closing it refreshes the list; a save inside it is handed to `onSaved` (which closes it and follows
 * the recomposition).
 */
export function DesignPopup({
  target,
  onClose,
  onSaved,
}: {
  target: DesignTarget | undefined;
  onClose: () => void;
  onSaved: (saved: EditorSavedMessage) => void;
}) {
  const { t } = useI18n();
  const { modal } = useFeedback();
  const refreshFinished = useRefreshFinished();
  const frame = useRef<HTMLIFrameElement>(null);
  // Whether the editor inside holds unsaved changes, as it last said (app/designPopup.ts).
  const dirty = useRef(false);
  const onSavedRef = useRef(onSaved);
  useEffect(() => {
    onSavedRef.current = onSaved;
  });
  useEffect(() => {
    dirty.current = false;
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== window.location.origin || e.source !== frame.current?.contentWindow) return;
      if (isEditorDirtyMessage(e.data)) dirty.current = e.data.dirty;
      else if (isEditorSavedMessage(e.data)) onSavedRef.current(e.data);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [target]);
  const close = () => {
    onClose();
    void refreshFinished();
  };
  return (
    <Modal
      open={target !== undefined}
      title={target ? t('finished.design.title', { name: target.title }) : ''}
      width={1600}
      footer={null}
      destroyOnHidden
      centered
      onCancel={() => {
        if (!dirty.current) return close();
        // The editor keeps its changes as a draft it offers back next time; the seller decides here.
        void modal.confirm({
          title: t('editor.leaveTitle'),
          content: t('editor.leaveBody'),
          okText: t('editor.leave'),
          cancelText: t('editor.stay'),
          onOk: close,
        });
      }}
      styles={{ body: { padding: 0, height: 'calc(100vh - 140px)' } }}
    >
      {target && (
        <iframe
          ref={frame}
          title={t('finished.design.frame')}
          src={designUrl(target)}
          style={{ width: '100%', height: '100%', border: 0, borderRadius: 8 }}
        />
      )}
    </Modal>
  );
}
