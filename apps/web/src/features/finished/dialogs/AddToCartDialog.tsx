import { useState } from 'react';
import { CheckOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { Button, Flex, InputNumber, Modal, Tooltip } from 'antd';
import type { FinishedRow } from '@app/contract';
import { useAddVariantToCart } from '../../../api';
import { useI18n } from '../../../app/i18n';
import { VariantList } from './VariantList';
import { useFeedback } from '../../../app/feedback';

/** Add to cart (docs/finished.md#dialogs): the product's variants, each with a cart icon; a quantity for all (min 1, empty → 1). */
export function AddToCartDialog({ row, onClose }: { row: FinishedRow; onClose: () => void }) {
  const { t, m } = useI18n();
  const { message } = useFeedback();
  const add = useAddVariantToCart();
  const [num, setNum] = useState<number | null>(1);
  const [added, setAdded] = useState<Set<number>>(new Set());
  return (
    <Modal open title={t('finished.cart.title', { key: row.key_id })} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <Flex align="center" gap={8} style={{ marginBottom: 12 }}>
        <span>{t('finished.cart.quantity')}</span>
        <InputNumber
          min={1}
          precision={0}
          value={num}
          onChange={setNum}
          onBlur={() => setNum((n) => (n === null || n < 1 ? 1 : n))}
          aria-label={t('finished.cart.quantity')}
        />
      </Flex>
      <VariantList
        row={row}
        action={(v) => (
          <Tooltip title={t('finished.cart.add')}>
            <Button
              type="text"
              aria-label={t('finished.cart.addOne', { key: v.key_id })}
              icon={added.has(v.id) ? <CheckOutlined style={{ color: '#52c41a' }} /> : <ShoppingCartOutlined />}
              loading={add.isPending && add.variables.id === v.id}
              onClick={() =>
                add.mutate(
                  { id: v.id, num: num ?? 1 },
                  {
                    onSuccess: () => {
                      setAdded((s) => new Set(s).add(v.id));
                      void message.success(m('addedSuccessfully'));
                    },
                  },
                )
              }
            />
          </Tooltip>
        )}
      />
    </Modal>
  );
}
