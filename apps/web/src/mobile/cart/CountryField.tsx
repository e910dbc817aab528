import { useMemo, useState } from 'react';
import { CheckList, Popup, SearchBar } from 'antd-mobile';
import { RightOutline } from 'antd-mobile-icons';
import { useShippingCountries } from '../../api';
import { useI18n } from '../../app/i18n';
import styles from './CheckoutSheet.module.css';

/**
 * The country of a new address: the countries orders ship to, by name in the seller's language, searched by name or
 * code in a sheet (a wheel of some 200 names is no way to find one). A form control: `value` is the ISO code.
 */
export function CountryField({ value, onChange }: { value?: string; onChange?: (code: string) => void }) {
  const { t, lang } = useI18n();
  const countries = useShippingCountries();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const names = useMemo(() => new Intl.DisplayNames([lang === 'zh' ? 'zh-CN' : 'en'], { type: 'region' }), [lang]);
  const options = (countries.data ?? []).map((code) => ({ code, label: `${names.of(code) ?? code} (${code})` }));
  const q = search.trim().toLowerCase();
  const shown = q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options;
  const label = options.find((o) => o.code === value)?.label;
  return (
    <>
      <button type="button" className={styles.pick} onClick={() => setOpen(true)} aria-haspopup="dialog">
        {label ?? <span className={styles.muted}>{t('mobile.checkout.pickCountry')}</span>}
        <RightOutline aria-hidden />
      </button>
      <Popup visible={open} onMaskClick={() => setOpen(false)} onClose={() => setOpen(false)} bodyClassName={styles.countries}>
        <div role="dialog" aria-label={t('mobile.checkout.pickCountry')}>
          <SearchBar placeholder={t('mobile.checkout.pickCountry')} value={search} onChange={setSearch} className={styles.countrySearch} />
          <CheckList
            value={value ? [value] : []}
            onChange={(v) => {
              if (v[0]) onChange?.(String(v[0]));
              setOpen(false);
            }}
          >
            {shown.map((o) => (
              <CheckList.Item key={o.code} value={o.code}>
                {o.label}
              </CheckList.Item>
            ))}
          </CheckList>
        </div>
      </Popup>
    </>
  );
}
