import { Select } from 'antd';
import { useI18n } from '../../app/i18n';
import { useShopOptions, type ShopKind } from './shops';

/** A shop picker limited to the kind's marketplace; `all` adds 全部店铺 (value 0) for the list filter. */
export function ShopSelect({
  kind,
  value,
  onChange,
  all = false,
  style,
}: {
  kind: ShopKind;
  value?: number;
  onChange?: (v: number) => void;
  all?: boolean;
  style?: React.CSSProperties;
}) {
  const { t } = useI18n();
  const { options, loading } = useShopOptions(kind);
  return (
    <Select<number>
      showSearch={{ optionFilterProp: 'label' }}
      value={value}
      onChange={onChange}
      loading={loading}
      style={style}
      aria-label={all ? t('tpl.filterShop') : t('tpl.field.shop')}
      placeholder={t('tpl.choose', { field: t('tpl.field.shop') })}
      options={all ? [{ value: 0, label: t('tpl.allShops') }, ...options] : options}
    />
  );
}
