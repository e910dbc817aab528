import { useState } from 'react';
import { HighlightOutlined } from '@ant-design/icons';
import { Button, Flex, Modal, Tooltip, Typography } from 'antd';
import type { ChildRow, FinishedRow } from '@app/contract';
import { useI18n } from '../../../app/i18n';
import type { DesignTarget } from './DesignPopup';
import { VariantList } from './VariantList';

/**
 * Re-design (docs/finished.md#dialogs): the product's variants with a brush icon. One variant opens single design; several
 * checked ones are designed once for all (the editor saves the design to each). Both open the design popup.
 */
export function RedesignDialog({
  row,
  onClose,
  onDesign,
  excelBatch,
}: {
  row: FinishedRow;
  onClose: () => void;
  onDesign: (target: DesignTarget) => void;
  /** The Excel batch design entry, when it is available. */
  excelBatch?: React.ReactNode;
}) {
  const { t } = useI18n();
  const [checked, setChecked] = useState<ChildRow[]>([]);
  const single = (v: ChildRow) =>
    onDesign({ keyId: v.key_id, productId: v.product_id, title: `${row.product_name} · ${v.color} ${v.size}` });
  const multi = () => {
    const [first, ...rest] = checked;
    if (!first) return;
    onDesign({
      keyId: first.key_id,
      productId: first.product_id,
      alsoKeyIds: rest.map((r) => r.key_id),
      title: t('finished.redesign.multiTitle', { n: checked.length }),
    });
  };
  return (
    <Modal open title={t('finished.redesign.title', { key: row.key_id })} onCancel={onClose} footer={null} width={680} destroyOnHidden>
      <Flex justify="space-between" align="center" gap={8} style={{ marginBottom: 12 }} wrap>
        <Typography.Text type="secondary">{t('finished.redesign.hint')}</Typography.Text>
        <Flex gap={8}>
          {excelBatch}
          <Button type="primary" disabled={checked.length < 2} onClick={multi}>
            {t('finished.redesign.multi', { n: checked.length })}
          </Button>
        </Flex>
      </Flex>
      <VariantList
        row={row}
        rowSelection={{ selected: checked.map((c) => c.id), onChange: (_, rows) => setChecked(rows.filter(Boolean)) }}
        action={(v) => (
          <Tooltip title={t('finished.redesign.single')}>
            <Button
              type="text"
              icon={<HighlightOutlined />}
              aria-label={t('finished.redesign.one', { key: v.key_id })}
              onClick={() => single(v)}
            />
          </Tooltip>
        )}
      />
    </Modal>
  );
}
