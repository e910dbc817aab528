import { useMemo, useState } from 'react';
import { ArrowLeftOutlined, VerticalAlignBottomOutlined } from '@ant-design/icons';
import { App, Button, Card, Flex, Image, Input, InputNumber, Result, Table, Tooltip, type TableColumnsType } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { thumbUrl, type FinishedAttr } from '@app/contract';
import { useBatchEditPage, useBatchEditSave } from '../../api';
import { PageHeader } from '../../app/components';
import { useI18n } from '../../app/i18n';

type Field = 'export_name' | 'material_img_name' | 'keyword' | 'material_color';
type Line = FinishedAttr & { product: string; productThumb: string };

/** `?ids=[1,2,3]` (SPEC §2.3): a JSON array of finished ids, else undefined. */
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
 * The batch edit page (/batch-edit-finished?ids=[…], SPEC §2.3): every chosen product's variants in one
 * table — export name, material name, keyword, material colour, price — with "apply to all" per column, saved
 * at once (mutiUpdateFinishedSave, only the changed variants).
 */
export function BatchEditPage() {
  const { t, m } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const ids = useMemo(() => parseIds(params.get('ids')), [params]);
  const page = useBatchEditPage(ids ?? []);
  const save = useBatchEditSave();
  const [edits, setEdits] = useState<Map<number, Partial<Line>>>(new Map());

  const original = useMemo<Line[]>(
    () => (page.data ?? []).flatMap((p) => p.attrs.map((a) => ({ ...a, product: p.key_id, productThumb: p.thumb }))),
    [page.data],
  );
  const lines = useMemo(() => original.map((a) => ({ ...a, ...edits.get(a.id) })), [original, edits]);
  const set = (id: number, change: Partial<Line>) => setEdits((e) => new Map(e).set(id, { ...e.get(id), ...change }));
  const fillAll = (k: Field | 'price', value: string | number) =>
    setEdits((e) => {
      const next = new Map(e);
      for (const a of original) next.set(a.id, { ...next.get(a.id), [k]: value });
      return next;
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

  const header = (label: string, k: Field | 'price') => (
    <Flex align="center" gap={4}>
      {label}
      <Tooltip title={t('finished.batch.fillDown')}>
        <Button
          size="small"
          type="text"
          icon={<VerticalAlignBottomOutlined />}
          aria-label={t('finished.batch.fillDownOf', { field: label })}
          onClick={() => lines[0] && fillAll(k, lines[0][k])}
        />
      </Tooltip>
    </Flex>
  );
  const text = (k: Field, label: string, width: number) => ({
    title: header(label, k),
    dataIndex: k,
    width,
    render: (v: string, a: Line) => (
      <Input size="small" value={v} aria-label={`${label} ${a.key_id}`} onChange={(e) => set(a.id, { [k]: e.target.value })} />
    ),
  });

  const columns: TableColumnsType<Line> = [
    {
      title: t('finished.info.keyId'),
      dataIndex: 'product',
      width: 200,
      onCell: (a, i) => ({
        rowSpan: i !== undefined && i > 0 && lines[i - 1]?.product === a.product ? 0 : lines.filter((l) => l.product === a.product).length,
      }),
      render: (k: string, a) => (
        <Flex gap={8} align="center">
          {a.productThumb && (
            <Image src={thumbUrl(a.productThumb)} height={48} style={{ width: 'auto' }} preview={{ src: a.productThumb }} alt="" />
          )}
          <span style={{ fontVariantNumeric: 'tabular-nums', fontSize: 12 }}>{k}</span>
        </Flex>
      ),
    },
    { title: t('finished.variant.color'), dataIndex: 'color', width: 100 },
    { title: t('finished.variant.size'), dataIndex: 'size', width: 70 },
    text('export_name', t('finished.info.exportName'), 200),
    text('material_img_name', t('finished.info.material'), 150),
    text('keyword', t('finished.edit.keyword'), 170),
    text('material_color', t('finished.edit.materialColor'), 110),
    {
      title: header(t('finished.edit.price'), 'price'),
      dataIndex: 'price',
      width: 120,
      render: (v: number, a) => (
        <InputNumber
          size="small"
          min={0}
          precision={2}
          value={v}
          aria-label={`${t('finished.edit.price')} ${a.key_id}`}
          onChange={(p) => set(a.id, { price: p ?? 0 })}
        />
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
      <Card variant="borderless" styles={{ body: { padding: 0 } }}>
        <Table<Line>
          rowKey="id"
          size="small"
          bordered
          loading={page.isLoading}
          dataSource={lines}
          columns={columns}
          pagination={false}
          scroll={{ x: 1150 }}
        />
      </Card>
    </>
  );
}
