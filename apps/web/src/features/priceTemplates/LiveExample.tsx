import { Alert, Flex, Statistic, Steps, Typography } from 'antd';
import { priceChain, type PriceRule, type PriceTemplateFields } from '@app/contract';
import { useI18n } from '../../app/i18n';
import { money, roundingKey } from './labels';
import { adjustmentText } from './PriceRulesCard';

/**
 * The pricing template page's live example (docs/pricing-templates.md, docs/listing-tools.md#price-rules): the
 * price and crossed-out price a sample variant gets and each step — the formula, every rule (applied, or skipped
 * when its condition does not hold), the rounding — computed by the contract's priceChain, which the export and
 * the publish run too. The sample has no blank category: a category condition shows as skipped.
 */
export function LiveExample({
  fields,
  rules,
  problem,
  sample,
}: {
  fields: PriceTemplateFields;
  rules: PriceRule[];
  problem: string | null;
  sample: { cost: number | null; size: string; color: string };
}) {
  const { t } = useI18n();
  if (problem)
    return (
      <div data-testid="example-problem">
        <Alert type="warning" showIcon title={problem} />
      </div>
    );
  if (sample.cost === null) return null;
  const result = priceChain(fields, sample.cost, { rules, variant: { size: sample.size, color: sample.color, categoryIds: [] } });
  const code = fields.currency_code;
  const ruleOf = (id: number) => rules.find((r) => r.id === id);
  return (
    <>
      <Flex gap={32} wrap>
        <div data-testid="example-price">
          <Statistic title={t('priceTpl.price')} value={money(result.price, code)} />
        </div>
        <div data-testid="example-crossed">
          <Statistic
            title={t('priceTpl.crossedOut')}
            value={result.crossedOut === null ? t('priceTpl.noCrossedOut') : money(result.crossedOut, code)}
            styles={{ content: result.crossedOut === null ? { fontSize: 16 } : { textDecoration: 'line-through', color: '#8c8c8c' } }}
          />
        </div>
      </Flex>
      <Typography.Title level={5} style={{ marginTop: 16, fontSize: 14 }}>
        {t('priceTpl.steps')}
      </Typography.Title>
      <div data-testid="example-steps">
        <Steps
          orientation="vertical"
          size="small"
          current={result.steps.length}
          items={result.steps.map((s) => {
            // Before the rounding an amount keeps four decimals, as the chain computes it.
            const amount = `${s.price} ${code}`;
            if (s.kind === 'template') return { title: t('priceTpl.step.template'), description: amount };
            if (s.kind === 'rounding')
              return { title: `${t('priceTpl.step.rounding')} · ${t(roundingKey(s.rounding))}`, description: money(s.price, code) };
            const r = ruleOf(s.ruleId);
            return {
              title: `${s.name}${r ? ` (${adjustmentText(r)})` : ''}`,
              description: `${amount} · ${t(s.applied ? 'priceTpl.step.applied' : 'priceTpl.step.skipped')}`,
              status: s.applied ? 'finish' : 'wait',
            };
          })}
        />
      </div>
    </>
  );
}
