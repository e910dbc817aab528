import { Tag } from 'antd';
import { useI18n } from '../../app/i18n';

/** Each status's colour (docs/orders.md#the-flow): what waits on the seller stands out, what is over is grey. */
const COLORS: Record<number, string> = { 0: 'default', 1: 'orange', 2: 'blue', 3: 'cyan', 4: 'purple', 5: 'green' };

/** An order's status as a tag: 待付款, 待生产, 生产中, 已发货, 已完成, 已取消. */
export function StatusTag({ status }: { status: number }) {
  const { t } = useI18n();
  return (
    <Tag color={COLORS[status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {t(`orders.status.${status}` as 'orders.status.1')}
    </Tag>
  );
}
