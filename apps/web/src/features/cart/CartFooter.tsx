import { DeleteOutlined } from '@ant-design/icons';
import { Button, Flex, Popconfirm, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { CART_CHECKOUT_MAX } from '@app/contract';
import { useI18n } from '../../app/i18n';

/**
 * The bar under the cart, kept in view on a long list: removing the selected lines, then the selection's count and
 * total, and 去结算 with the selected lines that can be checked out.
 */
export function CartFooter(props: {
  count: number;
  total: string;
  removing: boolean;
  onRemove: () => Promise<unknown>;
  /** The selected lines that can be checked out (an unavailable one cannot). */
  checkoutIds: number[];
}) {
  const navigate = useNavigate();
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
        <Button
          type="primary"
          size="large"
          disabled={props.checkoutIds.length === 0 || props.checkoutIds.length > CART_CHECKOUT_MAX}
          title={props.checkoutIds.length > CART_CHECKOUT_MAX ? t('checkout.tooMany', { max: CART_CHECKOUT_MAX }) : undefined}
          onClick={() => void navigate(`/checkout?ids=${props.checkoutIds.join(',')}`)}
        >
          {t('checkout.toCartCount', { count: props.checkoutIds.length })}
        </Button>
      </Flex>
    </Flex>
  );
}
