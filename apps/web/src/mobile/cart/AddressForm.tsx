import { Form, Input } from 'antd-mobile';
import type { OrderAddress } from '@app/contract';
import { useI18n } from '../../app/i18n';
import { CountryField } from './CountryField';
import styles from './CheckoutSheet.module.css';

/** A new address (docs/orders.md#checkout); the server checks it again and names a field it refuses. */
export function AddressForm({ form, onCountry }: { form: ReturnType<typeof Form.useForm>[0]; onCountry: (code: string) => void }) {
  const { t } = useI18n();
  const required = (field: string) => [{ required: true, message: t('mobile.required', { field }) }];
  const field = (name: keyof OrderAddress, label: string, optional = false) => (
    <Form.Item name={name} label={label} rules={optional ? [] : required(label)}>
      <Input id={`address-${name}`} aria-label={label} clearable />
    </Form.Item>
  );
  return (
    <Form form={form} layout="horizontal" requiredMarkStyle="none" className={styles.form}>
      {field('recipient', t('mobile.address.recipient'))}
      {field('phone', t('mobile.address.phone'))}
      <Form.Item name="country" label={t('mobile.address.country')} rules={required(t('mobile.address.country'))}>
        <CountryField onChange={onCountry} />
      </Form.Item>
      {field('province', t('mobile.address.province'), true)}
      {field('city', t('mobile.address.city'))}
      {field('address1', t('mobile.address.address1'))}
      {field('address2', t('mobile.address.address2'), true)}
      {field('postcode', t('mobile.address.postcode'))}
    </Form>
  );
}
