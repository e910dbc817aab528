import { useState, type ReactNode } from 'react';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Empty, Flex, Form, Input, InputNumber, Row, Select, Skeleton, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  fractionToPercent,
  percentToFraction,
  PRICE_CURRENCIES,
  PRICE_PLATFORM_TYPES,
  PRICE_ROUNDINGS,
  PRICE_TEMPLATE_NAME_MAX,
  PRICE_TEMPLATE_RULES_MAX,
  priceTemplateProblem,
  type PriceRounding,
  type PriceTemplate,
  type PriceTemplateFields,
  type PriceTemplateProblem,
} from '@app/contract';
import { useAddPriceTemplate, useExchangeRates, usePriceRules, usePriceTemplate, useUpdatePriceTemplate } from '../../api';
import { PageHeader } from '../../app/components';
import { useI18n, type StringKey } from '../../app/i18n';
import { positiveIdParam } from '../../app/urlParams';
import { currencyText, platformKey, roundingKey } from './labels';
import { LiveExample } from './LiveExample';
import { useFeedback } from '../../app/feedback';

/** The demo T-shirt's price (CNY): the sample cost the live example starts from. */
const SAMPLE_COST = 39;

/** What the form holds: the template with its fractions as percents (20 means 20 %). */
interface FormValues {
  name: string;
  platform_type: number;
  currency_code: string;
  shipping: number | null;
  exchange_rate: number | null;
  margin: number | null;
  platform_fee: number | null;
  tax_rate: number | null;
  discount: number | null;
  rounding: PriceRounding;
  crossed_out_rounding: PriceRounding;
  rule_ids: number[];
}

const NEW_TEMPLATE: FormValues = {
  name: '',
  platform_type: 1,
  currency_code: 'USD',
  shipping: 0,
  exchange_rate: 7.2,
  margin: 20,
  platform_fee: 8,
  tax_rate: 0,
  discount: 0,
  rounding: 'cent',
  crossed_out_rounding: '99',
  rule_ids: [],
};

const formOf = (t: PriceTemplate): FormValues => ({
  name: t.name,
  platform_type: t.platform_type,
  currency_code: t.currency_code,
  shipping: t.shipping,
  exchange_rate: t.exchange_rate,
  margin: fractionToPercent(t.margin),
  platform_fee: fractionToPercent(t.platform_fee),
  tax_rate: fractionToPercent(t.tax_rate),
  discount: fractionToPercent(t.discount),
  rounding: t.rounding,
  crossed_out_rounding: t.crossed_out_rounding,
  rule_ids: t.rule_ids,
});

/** An empty number box is no number (NaN), which the shared rules refuse with the field's message. */
const n = (v: number | null | undefined) => (typeof v === 'number' ? v : NaN);
const frac = (v: number | null | undefined) => (typeof v === 'number' ? percentToFraction(v) : NaN);

const fieldsOf = (v: Partial<FormValues>): PriceTemplateFields => ({
  name: v.name ?? '',
  platform_type: v.platform_type ?? 1,
  currency_code: v.currency_code ?? 'USD',
  shipping: n(v.shipping),
  exchange_rate: n(v.exchange_rate),
  margin: frac(v.margin),
  platform_fee: frac(v.platform_fee),
  tax_rate: frac(v.tax_rate),
  discount: frac(v.discount),
  rounding: v.rounding ?? 'cent',
  crossed_out_rounding: v.crossed_out_rounding ?? 'cent',
});

const FIELD_LABEL: Record<string, StringKey> = {
  margin: 'priceTpl.field.margin',
  platform_fee: 'priceTpl.field.fee',
  tax_rate: 'priceTpl.field.tax',
  discount: 'priceTpl.field.discount',
};

/**
 * /priceTemplateManagement (new) and ?id= (edit): the template's fields, its price rules in order, and a live
 * example of the price and crossed-out price a sample variant gets, step by step, computed by the same priceChain
 * the export and the publish use.
 */
export function PriceTemplateEditPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const id = positiveIdParam(params.get('id'));
  const existing = usePriceTemplate(id);

  const back = (
    <Link to="/price-template">
      <ArrowLeftOutlined /> {t('priceTpl.back')}
    </Link>
  );
  if (id !== null && existing.isPending) return <Skeleton active />;
  if (id !== null && !existing.data)
    return (
      <Card>
        <Empty description={t('priceTpl.notFound')}>{back}</Empty>
      </Card>
    );
  return <TemplateForm key={id ?? 'new'} id={id} initial={existing.data ? formOf(existing.data) : NEW_TEMPLATE} back={back} />;
}

function TemplateForm({ id, initial, back }: { id: number | null; initial: FormValues; back: ReactNode }) {
  const { t, m, lang } = useI18n();
  const { message } = useFeedback();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const watched = Form.useWatch([], form) as Partial<FormValues> | undefined;
  const [sample, setSample] = useState<{ cost: number | null; size: string; color: string }>({ cost: SAMPLE_COST, size: 'XL', color: '' });
  const [triedSave, setTriedSave] = useState(false);
  const add = useAddPriceTemplate();
  const update = useUpdatePriceTemplate();
  const rules = usePriceRules();
  const rates = useExchangeRates();

  const values = { ...initial, ...watched };
  const fields = fieldsOf(values);
  const problem = priceTemplateProblem(fields);
  // The example needs only the numbers: it shows a price before the template has a name.
  const numbersProblem = priceTemplateProblem({ ...fields, name: fields.name.trim() || '-' });
  const say = (p: PriceTemplateProblem) =>
    m(p.key, p.params?.field ? { ...p.params, field: t(FIELD_LABEL[String(p.params.field)] ?? 'priceTpl.field.margin') } : p.params);
  const currency = fields.currency_code;
  const ruleIds = values.rule_ids ?? [];
  // The chain as the export will run it: the chosen rules, in the order chosen.
  const chain = ruleIds.map((rid) => rules.data?.list.find((r) => r.id === rid)).filter((r) => r !== undefined);
  const rate = rates.data?.list.find((r) => r.currency === currency);

  const save = async () => {
    setTriedSave(true);
    if (problem) {
      void message.error(say(problem));
      return;
    }
    const body = { ...fields, name: fields.name.trim(), rule_ids: ruleIds };
    await (id === null ? add.mutateAsync(body) : update.mutateAsync({ id, ...body }));
    void message.success(t('priceTpl.saved'));
    void navigate('/price-template');
  };

  const percent = (name: keyof FormValues, label: StringKey) => (
    <Col xs={24} md={12}>
      <Form.Item name={name} label={t(label)}>
        <InputNumber min={0} max={99.99} step={1} suffix="%" style={{ width: '100%' }} aria-label={t(label)} />
      </Form.Item>
    </Col>
  );
  const roundingOptions = PRICE_ROUNDINGS.map((r) => ({ value: r, label: t(roundingKey(r)) }));

  return (
    <>
      <PageHeader title={t(id === null ? 'priceTpl.newTitle' : 'priceTpl.editTitle')} subtitle={t('priceTpl.formSubtitle')} extra={back} />
      <Row gutter={[20, 20]}>
        <Col xs={24} xl={14}>
          <Card>
            <Form<FormValues> form={form} layout="vertical" initialValues={initial} onFinish={() => void save()} requiredMark={false}>
              <Row gutter={16}>
                <Col xs={24}>
                  <Form.Item name="name" label={t('priceTpl.field.name')}>
                    <Input maxLength={PRICE_TEMPLATE_NAME_MAX} showCount aria-label={t('priceTpl.field.name')} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="platform_type" label={t('priceTpl.field.platform')}>
                    <Select
                      aria-label={t('priceTpl.field.platform')}
                      options={PRICE_PLATFORM_TYPES.map((p) => ({ value: p, label: t(platformKey(p)) }))}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="currency_code" label={t('priceTpl.field.currency')}>
                    <Select
                      aria-label={t('priceTpl.field.currency')}
                      options={PRICE_CURRENCIES.map((c) => ({ value: c, label: currencyText(c, lang) }))}
                    />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="shipping" label={t('priceTpl.field.shipping')}>
                    <InputNumber min={0} step={1} style={{ width: '100%' }} aria-label={t('priceTpl.field.shipping')} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item
                    name="exchange_rate"
                    label={t('priceTpl.field.rate', { currency })}
                    extra={
                      rate && (
                        <Typography.Link onClick={() => form.setFieldValue('exchange_rate', rate.cny_per_unit)}>
                          {t('priceTpl.rateHint', { currency, rate: rate.cny_per_unit, date: rate.valid_from })} · {t('priceTpl.useRate')}
                        </Typography.Link>
                      )
                    }
                  >
                    <InputNumber min={0} step={0.1} style={{ width: '100%' }} aria-label={t('priceTpl.field.rate', { currency })} />
                  </Form.Item>
                </Col>
                {percent('margin', 'priceTpl.field.margin')}
                {percent('platform_fee', 'priceTpl.field.fee')}
                {percent('tax_rate', 'priceTpl.field.tax')}
                {percent('discount', 'priceTpl.field.discount')}
                <Col xs={24} md={12}>
                  <Form.Item name="rounding" label={t('priceTpl.field.rounding')}>
                    <Select aria-label={t('priceTpl.field.rounding')} options={roundingOptions} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={12}>
                  <Form.Item name="crossed_out_rounding" label={t('priceTpl.field.crossedRounding')}>
                    <Select aria-label={t('priceTpl.field.crossedRounding')} options={roundingOptions} />
                  </Form.Item>
                </Col>
                <Col xs={24}>
                  <Form.Item name="rule_ids" label={t('priceTpl.field.rules')} extra={t('priceTpl.rulesHint')}>
                    <Select
                      mode="multiple"
                      maxCount={PRICE_TEMPLATE_RULES_MAX}
                      aria-label={t('priceTpl.field.rules')}
                      loading={rules.isPending}
                      optionFilterProp="label"
                      options={(rules.data?.list ?? []).map((r) => ({ value: r.id, label: r.name }))}
                    />
                  </Form.Item>
                </Col>
              </Row>
              {triedSave && problem && (
                <div data-testid="save-problem" style={{ marginBottom: 16 }}>
                  <Alert type="error" showIcon message={say(problem)} />
                </div>
              )}
              <Flex gap={8}>
                <Button type="primary" htmlType="submit" loading={add.isPending || update.isPending}>
                  {t('common.save')}
                </Button>
                <Button onClick={() => void navigate('/price-template')}>{t('common.cancel')}</Button>
              </Flex>
            </Form>
          </Card>
        </Col>
        <Col xs={24} xl={10}>
          <Card title={t('priceTpl.example')} data-testid="live-example">
            <Form layout="vertical">
              <Form.Item label={t('priceTpl.sampleCost')} extra={t('priceTpl.sampleHint')}>
                <InputNumber
                  min={0}
                  step={1}
                  value={sample.cost}
                  onChange={(v) => setSample({ ...sample, cost: typeof v === 'number' ? v : null })}
                  style={{ width: 200 }}
                  prefix="¥"
                  aria-label={t('priceTpl.sampleCost')}
                />
              </Form.Item>
              <Flex gap={12}>
                <Form.Item label={t('priceTpl.sampleSize')}>
                  <Input
                    value={sample.size}
                    onChange={(e) => setSample({ ...sample, size: e.target.value })}
                    aria-label={t('priceTpl.sampleSize')}
                  />
                </Form.Item>
                <Form.Item label={t('priceTpl.sampleColor')}>
                  <Input
                    value={sample.color}
                    onChange={(e) => setSample({ ...sample, color: e.target.value })}
                    aria-label={t('priceTpl.sampleColor')}
                  />
                </Form.Item>
              </Flex>
            </Form>
            <LiveExample fields={fields} rules={chain} problem={numbersProblem ? say(numbersProblem) : null} sample={sample} />
          </Card>
        </Col>
      </Row>
    </>
  );
}
