import { useState } from 'react';
import { Button, Card, Empty, Table, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { CART_DEFAULT_PAGE_SIZE, CART_PAGE_SIZES, cartTotal, type CartItem } from '@app/contract';
import { useCartList, useRemoveFromCart } from '../../api';
import { PageHeader } from '../../app/components';
import { settled, useFeedback } from '../../app/feedback';
import { useI18n } from '../../app/i18n';
import { useUrlList } from '../../app/urlList';
import { CartFooter } from './CartFooter';
import { lineName, useCartColumns } from './columns';
import './cart.css';

/**
 * The cart (/cart, docs/domain.md#cart): its lines a page at a time (page and size in the address), each with its
 * mockup, colour, size, price, quantity and total; lines are selected (across pages) for the total below and removed
 * one or several at a time. A line whose blank is gone shows 已失效: it cannot be selected or changed, only removed.
 */
export function CartPage() {
  const { t } = useI18n();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const { pageNumber, pageSize, pagination, afterRemove } = useUrlList({ sizes: CART_PAGE_SIZES, defaultSize: CART_DEFAULT_PAGE_SIZE });
  const list = useCartList({ pageNumber, pageSize });
  const remove = useRemoveFromCart();
  // The selected lines as last seen (they may be on other pages); this page's rows are newer.
  const [selected, setSelected] = useState<Map<number, CartItem>>(new Map());
  const rows = list.data?.list ?? [];
  const shown = new Map(rows.map((l) => [l.id, l]));
  const selectedLines = [...selected.keys()].map((id) => shown.get(id) ?? selected.get(id)!);

  const removeLines = (ids: number[]) =>
    settled(
      remove.mutateAsync(ids).then((r) => {
        setSelected((s) => new Map([...s].filter(([id]) => !ids.includes(id))));
        afterRemove(rows.length, ids.filter((id) => shown.has(id)).length);
        void message.success(t('cart.removed', { count: r.deleted }));
      }),
    );
  const columns = useCartColumns(removeLines);
  const count = list.data?.count ?? 0;

  return (
    <>
      <PageHeader
        title={t('cart.title')}
        subtitle={t('cart.subtitle')}
        extra={count > 0 && <Typography.Text type="secondary">{t('cart.lines', { count })}</Typography.Text>}
      />
      <Card variant="borderless" styles={{ body: { padding: 0 } }}>
        <Table<CartItem>
          className="cart-table"
          rowKey="id"
          columns={columns}
          dataSource={rows}
          loading={list.isFetching && !list.data}
          rowClassName={(l) => (l.available ? '' : 'cart-row-unavailable')}
          rowSelection={{
            selectedRowKeys: [...selected.keys()],
            preserveSelectedRowKeys: true,
            getCheckboxProps: (l) => ({ disabled: !l.available, 'aria-label': t('cart.selectLine', { name: lineName(l, '') }) }),
            onChange: (keys) => setSelected((s) => new Map(keys.map((k) => [Number(k), shown.get(Number(k)) ?? s.get(Number(k))!]))),
          }}
          pagination={count > CART_PAGE_SIZES[0] ? pagination(count) : false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <Empty description={t('cart.empty')}>
                {/* A link (it opens in a new tab too), moving within the app when clicked. */}
                <Button
                  type="primary"
                  href="/finished"
                  onClick={(e) => {
                    e.preventDefault();
                    void navigate('/finished');
                  }}
                >
                  {t('cart.goFinished')}
                </Button>
              </Empty>
            ),
          }}
        />
        {count > 0 && (
          <CartFooter
            count={selectedLines.length}
            total={cartTotal(selectedLines)}
            removing={remove.isPending}
            onRemove={() => removeLines([...selected.keys()])}
            checkoutIds={selectedLines.filter((l) => l.available).map((l) => l.id)}
          />
        )}
      </Card>
    </>
  );
}
