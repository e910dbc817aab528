import { useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Table, Typography, type TableColumnsType } from 'antd';
import type { PriceRule } from '@app/contract';
import { useDeletePriceRule, usePriceRules } from '../../api';
import { RowActions } from '../../app/components';
import { useFeedback } from '../../app/feedback';
import { useI18n } from '../../app/i18n';
import { PriceRuleForm } from './PriceRuleForm';

/** A rule's adjustment as a seller reads it: +2, −5 %. */
export const adjustmentText = (r: Pick<PriceRule, 'action' | 'unit' | 'value'>) =>
  `${r.action === 'add' ? '+' : '−'}${r.value}${r.unit === 'percent' ? ' %' : ''}`;

/**
 * The seller's price rules on /price-template (docs/listing-tools.md#price-rules): each with its adjustment and
 * conditions; new and edit open the rule form; a rule a template uses is refused deletion by the server, which
 * names the template.
 */
export function PriceRulesCard() {
  const { t } = useI18n();
  const { message } = useFeedback();
  const rules = usePriceRules();
  const del = useDeletePriceRule();
  const [editing, setEditing] = useState<PriceRule | null | undefined>(undefined);

  const when = (r: PriceRule) => {
    const parts = [
      r.sizes.length ? t('priceRule.when.sizes', { list: r.sizes.join(', ') }) : '',
      r.colors.length ? t('priceRule.when.colors', { list: r.colors.join(', ') }) : '',
      r.category_ids.length ? t('priceRule.when.categories', { n: r.category_ids.length }) : '',
      r.price_min !== null || r.price_max !== null ? t('priceRule.when.range', { min: r.price_min ?? 0, max: r.price_max ?? '∞' }) : '',
    ].filter(Boolean);
    return parts.length ? parts.join('；') : t('priceRule.always');
  };

  const columns: TableColumnsType<PriceRule> = [
    {
      title: t('priceRule.col.name'),
      dataIndex: 'name',
      width: 180,
      ellipsis: true,
      render: (n: string) => <Typography.Text strong>{n}</Typography.Text>,
    },
    { title: t('priceRule.col.adjust'), key: 'adjust', width: 110, render: (_, r) => adjustmentText(r) },
    { title: t('priceRule.col.when'), key: 'when', ellipsis: true, render: (_, r) => when(r) },
    { title: t('priceTpl.col.owner'), dataIndex: 'username', width: 120 },
    {
      title: t('priceTpl.col.actions'),
      key: 'actions',
      width: 150,
      align: 'right',
      render: (_, r) => (
        <RowActions
          name={r.name}
          onEdit={() => setEditing(r)}
          onDelete={() => del.mutateAsync(r.id).then(() => void message.success(t('priceRule.deleted', { name: r.name })))}
        />
      ),
    },
  ];

  return (
    <Card
      title={t('priceRule.title')}
      data-testid="price-rules"
      extra={
        <Button icon={<PlusOutlined />} onClick={() => setEditing(null)}>
          {t('priceRule.new')}
        </Button>
      }
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('priceRule.subtitle')}</Typography.Text>
        <Table<PriceRule>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={rules.data?.list ?? []}
          loading={rules.isFetching}
          locale={{ emptyText: t('priceRule.empty') }}
          pagination={false}
          scroll={{ x: 760 }}
          footer={() => t('priceRule.total', { total: rules.data?.count ?? 0 })}
        />
      </Flex>
      {editing !== undefined && <PriceRuleForm rule={editing} open onClose={() => setEditing(undefined)} />}
    </Card>
  );
}
