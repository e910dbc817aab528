import { Card, Descriptions, Flex, Table, Typography } from 'antd';
import { BUILT_IN_PRICING, fractionToPercent, PRICE_PLATFORM_TYPES, type ExchangeRate } from '@app/contract';
import { useExchangeRates } from '../../api';
import { useI18n } from '../../app/i18n';
import { currencyText, platformKey } from './labels';

/**
 * Pricing template 0 (系统默认) as the export and the publish apply it (docs/pricing-templates.md#template-0): the
 * margin and fee per marketplace, and the exchange rates it converts at, each with the day it is valid from.
 */
export function DefaultPricingCard() {
  const { t, lang } = useI18n();
  const rates = useExchangeRates();
  return (
    <Card title={t('priceTpl.default.title')} data-testid="default-pricing">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('priceTpl.default.intro')}</Typography.Text>
        <Descriptions size="small" column={{ xs: 1, md: 2 }}>
          {PRICE_PLATFORM_TYPES.map((p) => (
            <Descriptions.Item key={p} label={t(platformKey(p))}>
              {t('priceTpl.default.line', {
                margin: fractionToPercent(BUILT_IN_PRICING[p]!.margin),
                fee: fractionToPercent(BUILT_IN_PRICING[p]!.platform_fee),
              })}
            </Descriptions.Item>
          ))}
        </Descriptions>
        <Table<ExchangeRate>
          rowKey="currency"
          size="small"
          data-testid="exchange-rates"
          loading={rates.isPending}
          pagination={false}
          dataSource={rates.data?.list ?? []}
          columns={[
            { title: t('priceTpl.rates.currency'), dataIndex: 'currency', render: (c: string) => `${c} · ${currencyText(c, lang)}` },
            { title: t('priceTpl.rates.rate'), dataIndex: 'cny_per_unit', align: 'right' },
            { title: t('priceTpl.rates.from'), dataIndex: 'valid_from' },
          ]}
        />
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('priceTpl.rates.hint')}
        </Typography.Text>
      </Flex>
    </Card>
  );
}
