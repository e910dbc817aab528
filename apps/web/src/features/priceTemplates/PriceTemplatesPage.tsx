import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Select, Typography, type TableColumnsType } from 'antd';
import { Link, useNavigate } from 'react-router';
import { fractionToPercent, PRICE_PLATFORM_TYPES, type PriceTemplate } from '@app/contract';
import { useDeletePriceTemplate, usePriceTemplates } from '../../api';
import { dateTimeCell, ListTable, PageHeader, useEditDeleteColumn, NameSearch } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { useUrlList } from '../../app/urlList';
import { DefaultPricingCard } from './DefaultPricingCard';
import { currencyText, formulaParams, platformKey, roundingKey } from './labels';
import { PriceRulesCard } from './PriceRulesCard';

/**
 * /price-template: the built-in default with the exchange rates it converts at, the seller's pricing templates (a
 * parent's include its sub-accounts', with their account) and price rules. Name, marketplace and page live in the
 * URL, so Back and links keep them.
 */
export function PriceTemplatesPage() {
  const { t, lang } = useI18n();
  const navigate = useNavigate();
  const { params, setParam, pageNumber, pageSize, pagination, afterRemove } = useUrlList();
  const name = params.get('name') ?? '';
  const platform = Number(params.get('platform_type')) || undefined;
  const list = usePriceTemplates({ name: name || undefined, platform_type: platform, pageNumber, pageSize });
  const del = useDeletePriceTemplate();

  const actions = useEditDeleteColumn<PriceTemplate>({
    title: t('priceTpl.col.actions'),
    page: list,
    onEdit: (r) => void navigate(`/priceTemplateManagement?id=${r.id}`),
    remove: (r) => del.mutateAsync(r.id),
    deletedText: (name) => t('priceTpl.deleted', { name }),
    afterRemove,
  });
  const columns: TableColumnsType<PriceTemplate> = [
    {
      title: t('priceTpl.col.name'),
      dataIndex: 'name',
      width: 180,
      ellipsis: true,
      render: (n: string, r) => (
        <Link to={`/priceTemplateManagement?id=${r.id}`}>
          <Typography.Text strong>{n}</Typography.Text>
        </Link>
      ),
    },
    { title: t('priceTpl.col.platform'), dataIndex: 'platform_type', width: 120, render: (p: number) => t(platformKey(p)) },
    { title: t('priceTpl.col.currency'), dataIndex: 'currency_code', width: 150, render: (c: string) => `${c} · ${currencyText(c, lang)}` },
    {
      title: t('priceTpl.col.formula'),
      key: 'formula',
      width: 300,
      render: (_, r) => (
        <Flex vertical gap={2}>
          <span style={{ fontVariantNumeric: 'tabular-nums' }}>{t('priceTpl.formulaShort', formulaParams(r))}</span>
          {r.discount > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('priceTpl.discountShort', { discount: fractionToPercent(r.discount) })}
            </Typography.Text>
          )}
        </Flex>
      ),
    },
    { title: t('priceTpl.col.rounding'), dataIndex: 'rounding', width: 140, render: (r: PriceTemplate['rounding']) => t(roundingKey(r)) },
    { title: t('priceTpl.col.owner'), dataIndex: 'username', width: 120 },
    { title: t('priceTpl.col.createtime'), dataIndex: 'createtime', width: 170, render: dateTimeCell },
    actions,
  ];

  return (
    <>
      <PageHeader
        title={t('priceTpl.title')}
        subtitle={t('priceTpl.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => void navigate('/priceTemplateManagement')}>
            {t('priceTpl.new')}
          </Button>
        }
      />
      <Card>
        <Flex gap={12} wrap style={{ marginBottom: 16 }}>
          <NameSearch name={name} label={t('priceTpl.searchName')} setParam={setParam} />
          <Select
            style={{ width: 200 }}
            value={platform ?? 0}
            aria-label={t('priceTpl.col.platform')}
            options={[
              { value: 0, label: t('priceTpl.allPlatforms') },
              ...PRICE_PLATFORM_TYPES.map((p) => ({ value: p, label: t(platformKey(p)) })),
            ]}
            onChange={(v: number) => setParam({ platform_type: v || undefined, page: undefined })}
          />
        </Flex>
        <ListTable<PriceTemplate>
          columns={columns}
          page={list}
          pagination={pagination}
          emptyText={t('priceTpl.empty')}
          totalText={(total) => t('priceTpl.total', { total })}
          scrollX={1290}
        />
      </Card>
      <Flex vertical gap={20} style={{ marginTop: 20 }}>
        <PriceRulesCard />
        <DefaultPricingCard />
      </Flex>
    </>
  );
}
