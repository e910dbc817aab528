import { CopyOutlined } from '@ant-design/icons';
import type { FinishedRow } from '@app/contract';
import { ClampText } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { useFeedback } from '../../app/feedback';

/** A number with a copy icon that shows on row hover (docs/finished.md#the-list; 拷贝成功 / 拷贝失败，请重新拷贝). */
function CopyableNumber({ label, value }: { label: string; value: string }) {
  const { m, t } = useI18n();
  const { message } = useFeedback();
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
    <div className="finished-number finished-info-line">
      <span className="finished-label">{label}：</span>
      <span className="finished-number-value">{value}</span>
      <CopyOutlined
        className="finished-copy"
        role="button"
        aria-label={t('finished.copy', { label })}
        onClick={(e) => void copy(e)}
        style={{ marginInlineStart: 4, color: '#3451d1', cursor: 'pointer' }}
      />
    </div>
  );
}

/** One labelled line of the info block: a long value ends in an ellipsis at the column's edge, whole on hover. */
function Line({ label, value }: { label: string; value: string }) {
  return (
    <div className="finished-info-line">
      <span className="finished-label">{label}：</span>
      <ClampText full={value || undefined}>{value || '--'}</ClampText>
    </div>
  );
}

/**
 * The product info block of a list row (docs/finished.md#the-list) in two columns, so a row stays three lines high: name,
 * category and export name; material name, synthesis number and finished number.
 */
export function ProductInfo({ row }: { row: FinishedRow }) {
  const { t } = useI18n();
  return (
    <div className="finished-info">
      <div className="finished-info-col">
        <ClampText strong full={row.product_name}>
          {row.product_name}
        </ClampText>
        <Line label={t('finished.info.category')} value={row.cate_name} />
        <Line label={t('finished.info.exportName')} value={row.export_name} />
      </div>
      <div className="finished-info-col">
        <Line label={t('finished.info.material')} value={row.material_img_name} />
        <CopyableNumber label={t('finished.info.taskId')} value={row.task_id} />
        <CopyableNumber label={t('finished.info.keyId')} value={row.key_id} />
      </div>
    </div>
  );
}
