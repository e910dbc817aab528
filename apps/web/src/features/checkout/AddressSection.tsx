import { useMemo } from 'react';
import { Col, Form, Input, Radio, Row, Select, Space, Typography, type FormInstance } from 'antd';
import { STATE_CODE_COUNTRIES, type OrderAddress } from '@app/contract';
import { useI18n } from '../../app/i18n';

/** A saved address as the checkout lists it. */
export type SavedAddress = OrderAddress & { id: number };
/** 'new', or a saved address's id. */
export type AddressChoice = number | 'new';

/** A country's name in the page's language (the browser knows them), with its code. */
export function useCountryName() {
  const { lang } = useI18n();
  return useMemo(() => {
    const names = new Intl.DisplayNames([lang === 'zh' ? 'zh-CN' : 'en'], { type: 'region' });
    return (code: string) => names.of(code) ?? code;
  }, [lang]);
}

const oneLine = (a: OrderAddress, country: (c: string) => string) =>
  [a.address1, a.address2, a.city, a.province, a.postcode, country(a.country)].filter(Boolean).join(', ');

/**
 * Where the order goes: one of the addresses the seller shipped to (the latest first, chosen at the start), or a
 * new one typed in the form; its country decides the shipping methods offered.
 */
export function AddressSection(props: {
  saved: SavedAddress[];
  countries: string[];
  choice: AddressChoice;
  onChoice: (c: AddressChoice) => void;
  form: FormInstance<OrderAddress>;
  onCountry: (country: string | undefined) => void;
}) {
  const { t } = useI18n();
  const country = useCountryName();
  const options = useMemo(
    () => props.countries.map((c) => ({ value: c, label: `${country(c)} (${c})` })).sort((a, b) => a.label.localeCompare(b.label)),
    [props.countries, country],
  );
  const required = (field: string) => [{ required: true, whitespace: true, message: t('checkout.required', { field }) }];
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      {props.saved.length > 0 && (
        <Radio.Group value={props.choice} onChange={(e) => props.onChoice(e.target.value as AddressChoice)} style={{ width: '100%' }}>
          <Space direction="vertical" style={{ width: '100%' }}>
            {props.saved.map((a) => (
              <Radio key={a.id} value={a.id} className="checkout-address">
                <Typography.Text strong>{a.recipient}</Typography.Text> <Typography.Text type="secondary">{a.phone}</Typography.Text>
                <div>{oneLine(a, country)}</div>
              </Radio>
            ))}
            <Radio value="new">{t('checkout.newAddress')}</Radio>
          </Space>
        </Radio.Group>
      )}
      {props.choice === 'new' && (
        <Form
          form={props.form}
          layout="vertical"
          requiredMark
          onValuesChange={(v: Partial<OrderAddress>) => 'country' in v && props.onCountry(v.country)}
        >
          <Row gutter={16}>
            <Col span={12}>
              <Form.Item name="recipient" label={t('checkout.recipient')} rules={required(t('checkout.recipient'))}>
                <Input maxLength={100} autoComplete="name" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="phone"
                label={t('checkout.phone')}
                rules={[
                  ...required(t('checkout.phone')),
                  { pattern: /^\+?(?:[\s()-]*\d){5,20}[\s()-]*$/, message: t('checkout.phoneInvalid') },
                ]}
              >
                <Input maxLength={30} autoComplete="tel" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="country" label={t('checkout.country')} rules={required(t('checkout.country'))}>
                <Select showSearch options={options} optionFilterProp="label" placeholder={t('checkout.countryPlaceholder')} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="province"
                label={t('checkout.province')}
                dependencies={['country']}
                rules={[
                  ({ getFieldValue }) => ({
                    validator: (_, v: string | undefined) =>
                      !(STATE_CODE_COUNTRIES as readonly string[]).includes(getFieldValue('country') as string) ||
                      /^[A-Za-z]{2,3}$/.test((v ?? '').trim())
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('checkout.stateCode'))),
                  }),
                ]}
              >
                <Input maxLength={100} autoComplete="address-level1" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="city" label={t('checkout.city')} rules={required(t('checkout.city'))}>
                <Input maxLength={100} autoComplete="address-level2" />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="postcode" label={t('checkout.postcode')} rules={required(t('checkout.postcode'))}>
                <Input maxLength={20} autoComplete="postal-code" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="address1" label={t('checkout.address1')} rules={required(t('checkout.address1'))}>
                <Input maxLength={200} autoComplete="address-line1" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="address2" label={t('checkout.address2')}>
                <Input maxLength={200} autoComplete="address-line2" />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      )}
    </Space>
  );
}
