import { CopyOutlined } from '@ant-design/icons';
import { App, Flex, Typography } from 'antd';
import type { FinishedRow } from '@app/contract';
import { useI18n } from '../../app/i18n';

/** A number with a copy icon that shows on row hover (SPEC §2.1; 拷贝成功 / 拷贝失败，请重新拷贝). */
function CopyableNumber({ label, value }: { label: string; value: string }) {
  const { m, t } = useI18n();
  const { message } = App.useApp();
  const copy = async (e: React.MouseEvent) => {
    e.stopPropagation(); // not a row click (which toggles the selection)
    try {
      await navigator.clipboard.writeText(value);
      void message.success(m('copySucceeded'));
    } catch {
      void message.error(m('copyFailed'));
    }
  };
  return (
    <div className="finished-number">
      <Typography.Text type="secondary">{label}：</Typography.Text>
      <span style={{ fontVariantNumeric: 'tabular-nums' }}>{value}</span>
      <CopyOutlined
        className="finished-copy"
        role="button"
        aria-label={t('finished.copy', { label })}
        onClick={(e) => void copy(e)}
        style={{ marginInlineStart: 6, color: '#3451d1', cursor: 'pointer' }}
      />
    </div>
  );
}

/** The product info block of a list row (SPEC §2.1): name, category, export name, material name, numbers. */
export function ProductInfo({ row }: { row: FinishedRow }) {
  const { t } = useI18n();
  return (
    <Flex vertical gap={2} style={{ fontSize: 13, minWidth: 0 }}>
      {/* Long names end in an ellipsis (the whole text in a tooltip) at the column's edge, never under the images. */}
      <Typography.Text strong ellipsis={{ tooltip: row.product_name }} style={{ maxWidth: '100%' }}>
        {row.product_name}
      </Typography.Text>
      <div>
        <Typography.Text type="secondary">{t('finished.info.category')}：</Typography.Text>
        {row.cate_name}
      </div>
      <div>
        <Typography.Text type="secondary">{t('finished.info.exportName')}：</Typography.Text>
        <Typography.Text ellipsis={{ tooltip: row.export_name }} style={{ maxWidth: '100%', verticalAlign: 'bottom' }}>
          {row.export_name || '--'}
        </Typography.Text>
      </div>
      <div>
        <Typography.Text type="secondary">{t('finished.info.material')}：</Typography.Text>
        <Typography.Text ellipsis={{ tooltip: row.material_img_name }} style={{ maxWidth: '100%', verticalAlign: 'bottom' }}>
          {row.material_img_name || '--'}
        </Typography.Text>
      </div>
      <CopyableNumber label={t('finished.info.taskId')} value={row.task_id} />
      <CopyableNumber label={t('finished.info.keyId')} value={row.key_id} />
    </Flex>
  );
}
