import { Modal } from 'antd';
import { useRefreshFinished } from '../../../api';
import { useI18n } from '../../../app/i18n';

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
 * The 1600 px design popup (SPEC §2.2): the editor of /design, opened on the finished product's layer
 * record. Closing it refreshes the list, which shows the re-composition as it lands.
 */
export function DesignPopup({ target, onClose }: { target: DesignTarget | undefined; onClose: () => void }) {
  const { t } = useI18n();
  const refreshFinished = useRefreshFinished();
  return (
    <Modal
      open={target !== undefined}
      title={target ? t('finished.design.title', { name: target.title }) : ''}
      width={1600}
      footer={null}
      destroyOnHidden
      centered
      onCancel={() => {
        onClose();
        void refreshFinished();
      }}
      styles={{ body: { padding: 0, height: 'calc(100vh - 140px)' } }}
    >
      {target && (
        <iframe
          title={t('finished.design.frame')}
          src={designUrl(target)}
          style={{ width: '100%', height: '100%', border: 0, borderRadius: 8 }}
        />
      )}
    </Modal>
  );
}
