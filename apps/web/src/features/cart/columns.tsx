import { Flex, Popconfirm, Tag, Tooltip, Typography, Button, type TableColumnsType } from 'antd';
import { DeleteOutlined, PictureOutlined } from '@ant-design/icons';
import { cartLineTotal, formatMoney, type CartItem } from '@app/contract';
import { useI18n } from '../../app/i18n';
import { QuantityCell } from './QuantityCell';

/** A line's name as the seller reads it: the blank's name, or a stand-in when the catalogue no longer has it. */
export const lineName = (l: CartItem, unknown: string) => l.product_name || unknown;

/** The cart table's columns: the colour's mockup and name, colour, size, unit price, quantity, line total, remove. */
export function useCartColumns(onRemove: (ids: number[]) => Promise<unknown>): TableColumnsType<CartItem> {
  const { t } = useI18n();
  const name = (l: CartItem) => lineName(l, t('cart.unknownProduct'));
  return [
    {
      title: t('cart.col.product'),
      key: 'product',
      render: (_, l) => (
        <Flex align="center" gap={12}>
          {l.img_urls[0] ? (
            <img className="cart-thumb" src={l.img_urls[0]} alt={name(l)} loading="lazy" />
          ) : (
            <span className="cart-thumb cart-thumb-none" aria-hidden>
              <PictureOutlined />
            </span>
          )}
          <Flex vertical gap={4} style={{ minWidth: 0 }}>
            <Typography.Text strong ellipsis={{ tooltip: name(l) }} style={{ maxWidth: 320 }}>
              {name(l)}
            </Typography.Text>
            {!l.available && (
              <Tooltip title={t('cart.unavailableHint')}>
                <Tag color="default" style={{ width: 'fit-content', color: 'rgba(0, 0, 0, 0.65)' }}>
                  {t('cart.unavailable')}
                </Tag>
              </Tooltip>
            )}
          </Flex>
        </Flex>
      ),
    },
    { title: t('cart.col.color'), dataIndex: 'color', width: 120, render: (c: string) => c || '—' },
    { title: t('cart.col.size'), dataIndex: 'size', width: 90, render: (s: string) => s || '—' },
    {
      title: t('cart.col.price'),
      key: 'price',
      width: 130,
      align: 'right',
      render: (_, l) => (l.available ? formatMoney(l.price, 'CNY') : '—'),
    },
    { title: t('cart.col.quantity'), key: 'num', width: 140, render: (_, l) => <QuantityCell line={l} name={name(l)} /> },
    {
      title: t('cart.col.total'),
      key: 'total',
      width: 150,
      align: 'right',
      render: (_, l) => (l.available ? <Typography.Text strong>{formatMoney(cartLineTotal(l), 'CNY')}</Typography.Text> : '—'),
    },
    {
      title: t('cart.col.actions'),
      key: 'actions',
      width: 100,
      align: 'right',
      fixed: 'right',
      render: (_, l) => (
        <Popconfirm
          title={t('cart.confirmRemoveOne', { name: name(l) })}
          okText={t('cart.remove')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={() => onRemove([l.id])}
        >
          <Button
            type="link"
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={`${t('cart.remove')} ${name(l)} ${l.color} ${l.size}`}
          >
            {t('cart.remove')}
          </Button>
        </Popconfirm>
      ),
    },
  ];
}
