import { Flex, Tag, Tooltip } from 'antd';
import type { MessageKey } from '@app/contract';
import { messageText, useI18n } from '../../app/i18n';

/** Each status's colour (docs/orders.md#the-flow): what waits on the seller stands out, what is over is grey. */
const COLORS: Record<number, string> = { 0: 'default', 1: 'orange', 2: 'blue', 3: 'cyan', 4: 'purple', 5: 'green' };

/** Why an order is held (the factory refused it, docs/orders.md#production), in the seller's language, or ''. */
export function useExceptionText() {
  const { lang } = useI18n();
  return (o: { exception: string; exception_detail: string }) =>
    o.exception ? messageText(lang, o.exception as MessageKey, { detail: o.exception_detail || '—' }) : '';
}

/** An order's status as a tag: 待付款, 待生产, 生产中, 已发货, 已完成, 已取消; a held order also shows 异常 with the reason. */
export function StatusTag({ status, held }: { status: number; held?: { exception: string; exception_detail: string } }) {
  const { t } = useI18n();
  const reason = useExceptionText();
  const tag = (
    <Tag color={COLORS[status] ?? 'default'} style={{ marginInlineEnd: 0 }}>
      {t(`orders.status.${status}` as 'orders.status.1')}
    </Tag>
  );
  if (!held?.exception) return tag;
  return (
    <Flex gap={4} wrap>
      {tag}
      <Tooltip title={reason(held)}>
        <Tag color="red" style={{ marginInlineEnd: 0 }}>
          {t('orders.status.exception')}
        </Tag>
      </Tooltip>
    </Flex>
  );
}
