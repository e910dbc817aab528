import { Button, Flex, InputNumber, Typography } from 'antd';
import { useI18n } from '../../app/i18n';
import type { SaveMode } from './model';

export interface SaveActionsProps {
  saving: SaveMode | null;
  onSave: (mode: SaveMode) => void;
  quantity: number | null;
  onQuantity: (quantity: number | null) => void;
  /** The quantity field was left: an emptied one shows 1 again. */
  onQuantityBlur: () => void;
  /** Other variants re-designed together with this one (mode 1 saves them too). */
  alsoVariants: number;
}

/** Modify current size (1), modify all sizes (2), add to cart with its quantity (7): the foot of the right-hand panel. */
export function SaveActions({ saving, onSave, quantity, onQuantity, onQuantityBlur, alsoVariants }: SaveActionsProps) {
  const { t } = useI18n();
  return (
    <Flex vertical gap={8} data-testid="save-actions">
      {alsoVariants > 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="also-variants">
          {t('editor.alsoVariants', { n: alsoVariants })}
        </Typography.Text>
      )}
      <Button type="primary" loading={saving === 1} disabled={saving !== null} onClick={() => onSave(1)}>
        {t('editor.saveCurrent')}
      </Button>
      <Button loading={saving === 2} disabled={saving !== null} onClick={() => onSave(2)}>
        {t('editor.saveAll')}
      </Button>
      <Flex gap={8}>
        <InputNumber
          aria-label={t('editor.quantity')}
          min={1}
          precision={0}
          value={quantity}
          onChange={onQuantity}
          onBlur={onQuantityBlur}
          style={{ width: 80 }}
        />
        <Button style={{ flex: 1 }} loading={saving === 7} disabled={saving !== null} onClick={() => onSave(7)}>
          {t('editor.addToCart')}
        </Button>
      </Flex>
    </Flex>
  );
}
