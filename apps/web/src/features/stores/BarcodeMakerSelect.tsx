import { Select } from 'antd';
import type { Store } from '@app/contract';
import { useBarcodeMakers, useSetShopBarcodeMaker } from '../../api';
import { useFeedback } from '../../app/feedback';
import { useI18n } from '../../app/i18n';

/**
 * A shop's setting: the barcode maker its exports and publishes take a code per variant from
 * (docs/listing-tools.md#barcodes), or none. Disabled makers are listed, marked, so a shop's choice stays visible.
 */
export function BarcodeMakerSelect({ shop }: { shop: Store }) {
  const { t } = useI18n();
  const { message } = useFeedback();
  const makers = useBarcodeMakers();
  const set = useSetShopBarcodeMaker();
  return (
    <Select
      size="small"
      aria-label={`${t('barcodes.shopMaker')} ${shop.name}`}
      value={shop.barcode_maker_id}
      loading={makers.isPending || set.isPending}
      style={{ width: 200 }}
      popupMatchSelectWidth={false}
      options={[
        { value: 0, label: t('barcodes.shopMakerNone') },
        ...(makers.data ?? []).map((m) => ({
          value: m.id,
          label: `${m.name} (${m.free})${m.status === 1 ? '' : ` · ${t('barcodes.disabled')}`}`,
        })),
      ]}
      onChange={(makerId: number) =>
        set.mutate(
          { id: shop.id, maker_id: makerId },
          { onSuccess: () => void message.success(t('barcodes.shopMakerSet', { shop: shop.name })) },
        )
      }
    />
  );
}
