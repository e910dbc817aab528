import { useState, type ReactNode } from 'react';
import { PlusOutlined, UploadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Tabs, Tag, Typography, type TableColumnsType } from 'antd';
import {
  SIMPLE_COLUMN_LABELS,
  type AmazonTemplate,
  type SimpleExportColumn,
  type SimpleTemplate,
  type WalmartTemplate,
} from '@app/contract';
import { useAmazonTemplates, useDeleteTemplate, useSimpleTemplates, useWalmartTemplates } from '../../api';
import { PageHeader, type ListPage } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { useUrlList } from '../../app/urlList';
import { AmazonTemplateDrawer } from './AmazonTemplateDrawer';
import { DiyImportModal } from './DiyImportModal';
import { ShopSelect } from './ShopSelect';
import { SimpleTemplateDrawer } from './SimpleTemplateDrawer';
import { TemplateTable } from './TemplateTable';
import { WalmartTemplateDrawer } from './WalmartTemplateDrawer';
import { useShopOptions, type TemplateKindTab } from './shops';

const KINDS: TemplateKindTab[] = ['amazon', 'simple', 'walmart'];
type AnyTemplate = AmazonTemplate | SimpleTemplate | WalmartTemplate;
/** What the page has open: a drawer (create: row null) or the diy import dialog. */
type Open = { kind: TemplateKindTab; row: AnyTemplate | null } | { kind: 'diy' } | null;

/**
 * /templates: the product templates of the three kinds (docs/templates.md), one tab each,
 * filtered by shop. Tab, shop and page live in the URL.
 */
export function TemplatesPage() {
  const { t } = useI18n();
  const { params, setParam } = useUrlList();
  const tab = (KINDS as string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as TemplateKindTab) : 'amazon';
  const [open, setOpen] = useState<Open>(null);

  return (
    <>
      <PageHeader
        title={t('tpl.title')}
        subtitle={t('tpl.subtitle')}
        extra={
          <>
            {tab === 'amazon' && (
              <Button icon={<UploadOutlined />} onClick={() => setOpen({ kind: 'diy' })}>
                {t('tpl.diy')}
              </Button>
            )}
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setOpen({ kind: tab, row: null })}>
              {t('tpl.new')}
            </Button>
          </>
        }
      />
      <Card>
        <Tabs
          activeKey={tab}
          onChange={(k) => setParam({ tab: k === 'amazon' ? undefined : k, store: undefined, page: undefined })}
          items={KINDS.map((k) => ({
            key: k,
            label: t(`tpl.tab.${k}`),
            children: k === tab ? <KindTab kind={k} onEdit={(row) => setOpen({ kind: k, row })} /> : null,
          }))}
        />
      </Card>
      {open?.kind === 'amazon' && <AmazonTemplateDrawer id={open.row?.id ?? null} onClose={() => setOpen(null)} />}
      {open?.kind === 'simple' && <SimpleTemplateDrawer row={open.row as SimpleTemplate | null} onClose={() => setOpen(null)} />}
      {open?.kind === 'walmart' && <WalmartTemplateDrawer row={open.row as WalmartTemplate | null} onClose={() => setOpen(null)} />}
      {open?.kind === 'diy' && <DiyImportModal onClose={() => setOpen(null)} />}
    </>
  );
}

function useKindList(kind: TemplateKindTab, query: { store_id?: number; pageNumber: number; pageSize: number }) {
  // Each hook runs always (rules of hooks); only the tab's kind asks the server.
  const amazon = useAmazonTemplates(query, kind === 'amazon');
  const simple = useSimpleTemplates(query, kind === 'simple');
  const walmart = useWalmartTemplates(query, kind === 'walmart');
  const pick = kind === 'amazon' ? amazon : kind === 'simple' ? simple : walmart;
  return pick as ListPage<AnyTemplate>;
}

function KindTab({ kind, onEdit }: { kind: TemplateKindTab; onEdit: (row: AnyTemplate) => void }) {
  const { t, lang } = useI18n();
  const { params, setParam, pageNumber, pageSize } = useUrlList({ sizes: [20] });
  const shopId = Number(params.get('store')) || undefined;
  const list = useKindList(kind, { store_id: shopId, pageNumber, pageSize });
  const shops = useShopOptions(kind);
  const del = useDeleteTemplate();

  const details = (r: AnyTemplate): ReactNode => {
    if (kind === 'amazon') {
      const a = r as AmazonTemplate;
      return (
        <Flex vertical gap={2}>
          <span>
            {a.custom ? <Tag color="green">{t('tpl.custom', { n: a.custom_columns })}</Tag> : null}
            {[a.site, a.feed_product_type, a.item_type].filter(Boolean).join(' · ') || '—'}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {[a.brand_name, `${t('tpl.field.quantity')} ${a.quantity}`, a.variation_theme || t('tpl.theme.auto')]
              .filter(Boolean)
              .join(' · ')}
          </Typography.Text>
        </Flex>
      );
    }
    if (kind === 'simple') {
      const s = r as SimpleTemplate;
      return (
        <Flex vertical gap={2}>
          <span>
            <Tag>{t(`tpl.format.${s.format === 9 ? 9 : 6}`)}</Tag>
            {t('tpl.columnsCount', { n: s.columns.length })}
          </span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }} ellipsis>
            {s.columns.map((c) => SIMPLE_COLUMN_LABELS[c as SimpleExportColumn]?.[lang] ?? c).join('、')}
          </Typography.Text>
        </Flex>
      );
    }
    const w = r as WalmartTemplate;
    return (
      <Flex vertical gap={2}>
        <span>{w.product_type}</span>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {[w.brand_name, `${t('tpl.field.quantity')} ${w.quantity}`].filter(Boolean).join(' · ')}
        </Typography.Text>
      </Flex>
    );
  };

  const columns: TableColumnsType<AnyTemplate> = [
    { title: t('tpl.col.details'), key: 'details', width: 290, render: (_, r) => details(r) },
  ];

  return (
    <>
      <Flex gap={12} wrap align="center" style={{ marginBottom: 16 }}>
        <ShopSelect
          kind={kind}
          all
          value={shopId ?? 0}
          onChange={(v) => setParam({ store: v || undefined, page: undefined })}
          style={{ width: 240 }}
        />
        {!shops.loading && shops.count === 0 && (
          <Typography.Text type="warning">{t('tpl.noShops', { market: kind === 'simple' ? '' : shops.marketName })}</Typography.Text>
        )}
      </Flex>
      <TemplateTable<AnyTemplate> columns={columns} page={list} onOpen={onEdit} remove={(r) => del.mutateAsync({ kind, id: r.id })} />
    </>
  );
}
