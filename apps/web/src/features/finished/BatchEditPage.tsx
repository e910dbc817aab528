import { useMemo, useState } from 'react';
import { ArrowLeftOutlined, VerticalAlignBottomOutlined } from '@ant-design/icons';
import { Button, Card, Dropdown, Flex, Image, Result, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { thumbUrl, type BatchEditProduct, type FinishedAttr } from '@app/contract';
import { useBatchEditPage, useBatchEditSave } from '../../api';
import { PageHeader } from '../../app/components';
import { useI18n } from '../../app/i18n';
import './finished.css';
import { VariantPriceCell, VariantTextCell } from './VariantCells';
import { useFeedback } from '../../app/feedback';

type Field = 'export_name' | 'material_img_name' | 'keyword' | 'material_color';
type Line = FinishedAttr & { productId: number };

/** The app header's height: a product's heading sticks right under it, its table's column heads under that. */
const APP_HEADER_HEIGHT = 64;
const BLOCK_HEAD_HEIGHT = 64;

/** `?ids=[1,2,3]` (docs/finished.md#navigation): a JSON array of finished ids, else undefined. */
function parseIds(raw: string | null): number[] | undefined {
  try {
    const ids: unknown = JSON.parse(raw ?? '');
    if (Array.isArray(ids) && ids.length > 0 && ids.every((i) => Number.isInteger(i) && (i as number) > 0)) return ids as number[];
  } catch {
    // not JSON
  }
  return undefined;
}

/**
 * The batch edit page (/batch-edit-finished?ids=[…], docs/finished.md#navigation): every chosen product's variants — export
 * name, material name, keyword, material colour, price — in one block per product whose number and name stay
 * in view while its rows scroll; "fill down" per column copies the block's first row into that product's
 * variants, into every product's only once the seller confirms. Saved at once (mutiUpdateFinishedSave, only
 * the changed variants).
 */
export function BatchEditPage() {
  const { t, m } = useI18n();
  const { message, modal } = useFeedback();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ids = useMemo(() => parseIds(params.get('ids')), [params]);
  const page = useBatchEditPage(ids ?? []);
  const save = useBatchEditSave();
  const [edits, setEdits] = useState<Map<number, Partial<Line>>>(new Map());

  const original = useMemo<Line[]>(() => (page.data ?? []).flatMap((p) => p.attrs.map((a) => ({ ...a, productId: p.id }))), [page.data]);
  const lines = useMemo(() => original.map((a) => ({ ...a, ...edits.get(a.id) })), [original, edits]);
  const set = (id: number, change: Partial<Line>) => setEdits((e) => new Map(e).set(id, { ...e.get(id), ...change }));
  const products = page.data ?? [];
  /** Copies a product's first row into its own variants, or into every product's (`everyProduct`, once confirmed). */
  const fillDown = (k: Field | 'price', from: BatchEditProduct, everyProduct: boolean) => {
    const firstOriginal = original.find((l) => l.productId === from.id);
    if (!firstOriginal) return;
    // The first row as edited in the latest state (not this render's): a value typed just before the click counts.
    setEdits((e) => {
      const first = { ...firstOriginal, ...e.get(firstOriginal.id) };
      const next = new Map(e);
      for (const a of original) if (everyProduct || a.productId === from.id) next.set(a.id, { ...next.get(a.id), [k]: first[k] });
      return next;
    });
  };
  const confirmFillEvery = (k: Field | 'price', from: BatchEditProduct) =>
    modal.confirm({
      title: t('finished.batch.crossConfirm'),
      okText: t('finished.batch.crossAll'),
      cancelText: t('common.cancel'),
      onOk: () => fillDown(k, from, true),
    });

  if (!ids)
    return <Result status="warning" title={t('finished.batch.badIds')} extra={<Link to="/finished">{t('finished.batch.back')}</Link>} />;

  const submit = () => {
    const changed = lines.flatMap((a, i) => {
      const o = original[i]!;
      const diff: {
        id: number;
        export_name?: string;
        material_img_name?: string;
        keyword?: string;
        material_color?: string;
        price?: number;
      } = { id: a.id };
      for (const k of ['export_name', 'material_img_name', 'keyword', 'material_color'] as const) if (a[k] !== o[k]) diff[k] = a[k];
      if (a.price !== o.price) diff.price = a.price;
      return Object.keys(diff).length > 1 ? [diff] : [];
    });
    if (changed.length === 0) return void message.info(m('skuUnchanged'));
    save.mutate(changed, {
      onSuccess: (r) => {
        void message.success(t('finished.batch.saved', { n: r.updated }));
        setEdits(new Map());
      },
    });
  };

  const header = (label: string, k: Field | 'price', product: BatchEditProduct) => {
    const button = (
      <Button
        size="small"
        type="text"
        icon={<VerticalAlignBottomOutlined />}
        aria-label={t('finished.batch.fillDownOf', { field: label })}
        onClick={products.length === 1 ? () => fillDown(k, product, false) : undefined}
      />
    );
    return (
      <Flex align="center" gap={4}>
        {label}
        {products.length === 1 ? (
          <Tooltip title={t('finished.batch.fillDown')}>{button}</Tooltip>
        ) : (
          // Several products: the product's own variants, or every product's after a confirmation.
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'product', label: t('finished.batch.fillProduct') },
                { key: 'every', label: `${t('finished.batch.crossAll')}…` },
              ],
              onClick: ({ key }) => (key === 'product' ? fillDown(k, product, false) : confirmFillEvery(k, product)),
            }}
          >
            {button}
          </Dropdown>
        )}
      </Flex>
    );
  };
  const text = (k: Field, label: string, width: number, product: BatchEditProduct) => ({
    title: header(label, k, product),
    dataIndex: k,
    width,
    render: (v: string, a: Line) => (
      <VariantTextCell value={v} label={label} keyId={a.key_id} onChange={(value) => set(a.id, { [k]: value })} />
    ),
  });

  const columnsOf = (product: BatchEditProduct): TableColumnsType<Line> => [
    { title: t('finished.variant.color'), dataIndex: 'color', width: 100 },
    { title: t('finished.variant.size'), dataIndex: 'size', width: 70 },
    text('export_name', t('finished.info.exportName'), 200, product),
    text('material_img_name', t('finished.info.material'), 150, product),
    text('keyword', t('finished.edit.keyword'), 170, product),
    text('material_color', t('finished.edit.materialColor'), 110, product),
    {
      title: header(t('finished.edit.price'), 'price', product),
      dataIndex: 'price',
      width: 120,
      render: (v: number, a) => (
        <VariantPriceCell value={v} label={t('finished.edit.price')} keyId={a.key_id} onChange={(price) => set(a.id, { price })} />
      ),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('finished.bulk.batchEdit')}
        subtitle={t('finished.batch.subtitle', { n: ids.length })}
        extra={
          <>
            <Button icon={<ArrowLeftOutlined />} onClick={() => void navigate('/finished')}>
              {t('finished.batch.back')}
            </Button>
            <Button type="primary" loading={save.isPending} onClick={submit} disabled={!page.data}>
              {t('finished.batch.saveAll')}
            </Button>
          </>
        }
      />
      {page.isLoading && <Card variant="borderless" loading />}
      <Flex vertical gap={16}>
        {products.map((product) => (
          <Card key={product.id} variant="borderless" styles={{ body: { padding: 0 } }} data-testid={`batch-block-${product.key_id}`}>
            {/* Sticky within its block: the product a row belongs to stays in view while its rows scroll. */}
            <Flex className="batch-block-head" align="center" gap={12} style={{ top: APP_HEADER_HEIGHT, height: BLOCK_HEAD_HEIGHT }}>
              {product.thumb && (
                <Image src={thumbUrl(product.thumb)} height={48} style={{ width: 'auto' }} preview={{ src: product.thumb }} alt="" />
              )}
              <Typography.Text strong>{product.product_name}</Typography.Text>
              <span style={{ fontVariantNumeric: 'tabular-nums', color: '#666' }}>{product.key_id}</span>
            </Flex>
            <Table<Line>
              rowKey="id"
              size="small"
              bordered
              dataSource={lines.filter((l) => l.productId === product.id)}
              columns={columnsOf(product)}
              pagination={false}
              scroll={{ x: 920 }}
              sticky={{ offsetHeader: APP_HEADER_HEIGHT + BLOCK_HEAD_HEIGHT }}
            />
          </Card>
        ))}
      </Flex>
    </>
  );
}
