import { useState } from 'react';
import { PlusOutlined, ShoppingOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Input, Typography, type TableColumnsType } from 'antd';
import { Link } from 'react-router';
import type { AliexpressTemplate, TiktokTemplate } from '@app/contract';
import { useAliexpressTemplates, useDeleteMarketTemplate, useTiktokTemplates, type TemplateMarket } from '../../api';
import { PageHeader, type ListPage } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { useUrlList } from '../../app/urlList';
import { ShopSelect, TemplateTable, useShopOptions } from '../templates';
import { AliexpressTemplateDrawer } from './AliexpressTemplateDrawer';
import { TiktokTemplateDrawer } from './TiktokTemplateDrawer';

type AnyTemplate = AliexpressTemplate | TiktokTemplate;

function useMarketList(market: TemplateMarket, query: { store_id?: number; name?: string; pageNumber: number; pageSize: number }) {
  // Both hooks run always (rules of hooks); only the page's marketplace asks the server.
  const ali = useAliexpressTemplates(query, market === 'aliexpress');
  const tk = useTiktokTemplates(query, market === 'tiktok');
  return (market === 'aliexpress' ? ali : tk) as ListPage<AnyTemplate>;
}

/** The package as a seller reads it: weight and L × W × H in the template's units. */
function packageText(market: TemplateMarket, r: AnyTemplate) {
  if (market === 'aliexpress') {
    const a = r as AliexpressTemplate;
    return `${a.weight} kg · ${a.package_length}×${a.package_width}×${a.package_height} cm`;
  }
  const b = r as TiktokTemplate;
  const w = b.weight_unit === 'POUND' ? 'lb' : 'kg';
  const d = b.dimension_unit === 'INCH' ? 'in' : 'cm';
  return `${b.package_weight} ${w} · ${b.package_length}×${b.package_width}×${b.package_height} ${d}`;
}

/**
 * /aliexpress-templates and /tiktok-templates: a marketplace's product templates for online publishing
 * (docs/market-templates.md), filtered by shop and name (in the URL). A seller with no shop of
 * the marketplace is sent to add one first.
 */
export function MarketTemplatesPage({ market }: { market: TemplateMarket }) {
  const { t } = useI18n();
  const { params, setParam, pageNumber, pageSize } = useUrlList({ sizes: [20] });
  const [open, setOpen] = useState<{ row: AnyTemplate | null } | null>(null);
  const shops = useShopOptions(market);
  const del = useDeleteMarketTemplate();

  const shopId = Number(params.get('store')) || undefined;
  const name = params.get('name') ?? '';
  const list = useMarketList(market, { store_id: shopId, name: name || undefined, pageNumber, pageSize });
  const noShops = !shops.loading && shops.count === 0;

  const columns: TableColumnsType<AnyTemplate> = [
    {
      title: t('mtpl.col.category'),
      dataIndex: 'category_id',
      width: 120,
      render: (c: number) => <span style={{ fontVariantNumeric: 'tabular-nums' }}>{c}</span>,
    },
    { title: t('mtpl.col.package'), key: 'package', width: 170, render: (_, r) => packageText(market, r) },
  ];

  return (
    <>
      <PageHeader
        title={t(`mtpl.${market}.title`)}
        subtitle={t(`mtpl.${market}.subtitle`)}
        extra={
          <Button type="primary" icon={<PlusOutlined />} disabled={noShops} onClick={() => setOpen({ row: null })}>
            {t('tpl.new')}
          </Button>
        }
      />
      <Card>
        {noShops ? (
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <Flex vertical gap={4}>
                <Typography.Text strong>{t('mtpl.noShopsTitle', { market: shops.marketName })}</Typography.Text>
                <Typography.Text type="secondary">{t('mtpl.noShopsHint', { market: shops.marketName })}</Typography.Text>
              </Flex>
            }
          >
            <Link to="/stores">
              <Button type="primary" icon={<ShoppingOutlined />}>
                {t('mtpl.goStores')}
              </Button>
            </Link>
          </Empty>
        ) : (
          <>
            <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
              <ShopSelect
                kind={market}
                all
                value={shopId ?? 0}
                onChange={(v) => setParam({ store: v || undefined, page: undefined })}
                style={{ width: 240 }}
              />
              <Input.Search
                allowClear
                defaultValue={name}
                placeholder={t('tpl.searchName')}
                aria-label={t('tpl.searchName')}
                onSearch={(v) => setParam({ name: v.trim() || undefined, page: undefined })}
                style={{ width: 240 }}
              />
            </Flex>
            <TemplateTable<AnyTemplate>
              columns={columns}
              page={list}
              onOpen={(r) => setOpen({ row: r })}
              remove={(r) => del.mutateAsync({ market, id: r.id })}
            />
          </>
        )}
      </Card>
      {open && market === 'aliexpress' && (
        <AliexpressTemplateDrawer row={open.row as AliexpressTemplate | null} onClose={() => setOpen(null)} />
      )}
      {open && market === 'tiktok' && <TiktokTemplateDrawer row={open.row as TiktokTemplate | null} onClose={() => setOpen(null)} />}
    </>
  );
}

export const AliexpressTemplatesPage = () => <MarketTemplatesPage market="aliexpress" />;
export const TiktokTemplatesPage = () => <MarketTemplatesPage market="tiktok" />;
