import { DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, Typography } from 'antd';
import { useI18n } from '../../app/i18n';

/**
 * The bar under the cart, kept in view on a long list: removing the selected lines, then the selection's count and
 * total. The checkout button goes at its end (`cart-checkout-slot`), after the total.
 */
export function CartFooter(props: { count: number; total: string; removing: boolean; onRemove: () => Promise<unknown> }) {
  const { t } = useI18n();
  const none = props.count === 0;
  return (
    <Flex className="cart-footer" justify="space-between" align="center" gap={16} wrap>
      <Popconfirm
        title={t('cart.confirmRemoveMany', { count: props.count })}
        okText={t('cart.remove')}
        okButtonProps={{ danger: true }}
        cancelText={t('common.cancel')}
        onConfirm={props.onRemove}
        disabled={none}
      >
        <Button danger icon={<DeleteOutlined />} disabled={none} loading={props.removing}>
          {t('cart.removeSelected', { count: props.count })}
        </Button>
      </Popconfirm>
      <Flex align="center" gap={24} className="cart-summary">
        <Typography.Text type="secondary">{t('cart.selected', { count: props.count })}</Typography.Text>
        <Flex align="baseline" gap={8}>
          <span>{t('cart.total')}</span>
          <span className="cart-total" data-testid="cart-total">
            {props.total} CNY
          </span>
        </Flex>
        {/* Checkout (去结算) is built apart and goes here. */}
        <div className="cart-checkout-slot" />
      </Flex>
    </Flex>
  );
}
