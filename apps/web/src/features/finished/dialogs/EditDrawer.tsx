import { useEffect, useMemo, useState } from 'react';
import { CrownFilled, EditOutlined } from '@ant-design/icons';
import {
  Button,
  Descriptions,
  Drawer,
  Flex,
  Image,
  Input,
  InputNumber,
  Modal,
  Popover,
  Skeleton,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { thumbUrl, type AttrUpdate, type FinishedAttr, type FinishedRow } from '@app/contract';
import { useFinishedDetail, useUpdateFinished } from '../../../api';
import { useI18n } from '../../../app/i18n';
import { ListingNames } from './ListingNames';
import { SkuBindingsCell } from './SkuBindingsCell';
import { VariantPriceCell, VariantTextCell } from '../VariantCells';
import { useFeedback } from '../../../app/feedback';

type Draft = FinishedAttr;

/** A rename of a colour or a size (docs/messages.md#validation): unchanged → 未修改; a value already present → 已经存在相同的sku属性值. */
function RenameCell({ value, taken, onRename, label }: { value: string; taken: string[]; onRename: (v: string) => void; label: string }) {
  const { m, t } = useI18n();
  const { message } = useFeedback();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState(value);
  const apply = () => {
    const next = text.trim();
    if (!next || next === value) return void message.warning(m('skuUnchanged'));
    if (taken.includes(next)) return void message.error(m('skuDuplicate'));
    onRename(next);
    setOpen(false);
  };
  return (
    <Flex align="center" gap={2}>
      <span>{value}</span>
      <Popover
        open={open}
        onOpenChange={(o) => {
          setOpen(o);
          if (o) setText(value);
        }}
        trigger="click"
        content={
          <Space.Compact>
            <Input
              autoFocus
              size="small"
              value={text}
              maxLength={100}
              aria-label={t('finished.edit.renameTo', { what: label })}
              onChange={(e) => setText(e.target.value)}
              onPressEnter={apply}
            />
            <Button size="small" type="primary" onClick={apply}>
              {t('common.ok')}
            </Button>
          </Space.Compact>
        }
      >
        <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('finished.edit.rename', { what: label, value })} />
      </Popover>
    </Flex>
  );
}

/**
 * The finished edit drawer (docs/finished.md#dialogs, docs/finished.md#states): the parent info and every variant by colour, with export name,
 * material name, keyword, material colour, colour, size and price editable; 设为母体 makes a variant the only
 * parent and the parent info follows it; batch price. Save sends only what changed (updateFinished).
 * A detail that cannot load (未完全生成) is said and the drawer closes.
 */
export function EditDrawer({ row, onClose }: { row: FinishedRow; onClose: () => void }) {
  const { t, m } = useI18n();
  const { message } = useFeedback();
  const detail = useFinishedDetail(row.id);
  const save = useUpdateFinished();
  // What the seller changed, over the loaded detail.
  const [edits, setEdits] = useState<Map<number, Partial<Draft>>>(new Map());
  const [batchPrice, setBatchPrice] = useState<number | null>(null);

  const original = useMemo(() => new Map((detail.data?.child_info ?? []).flatMap((c) => c.attrs).map((a) => [a.id, a])), [detail.data]);
  const drafts = useMemo(() => new Map([...original].map(([id, a]) => [id, { ...a, ...edits.get(id) }])), [original, edits]);
  // docs/messages.md#errors: a detail that cannot load (未完全生成) closes the drawer; the API error handler shows the message.
  useEffect(() => {
    if (detail.error) onClose();
  }, [detail.error, onClose]);

  const rows = [...drafts.values()];
  const parent = rows.find((a) => a.as_parent === 1);
  /** Applies a change to every variant `which` picks. */
  const patch = (which: (v: Draft) => boolean, change: (v: Draft) => Partial<Draft>) =>
    setEdits((e) => {
      const next = new Map(e);
      for (const v of drafts.values()) if (which(v)) next.set(v.id, { ...next.get(v.id), ...change(v) });
      return next;
    });
  const set = (id: number, change: Partial<Draft>) =>
    patch(
      (v) => v.id === id,
      () => change,
    );
  // Exactly one parent shows (a combination's detail holds several products; its listing has one parent).
  const makeParent = (a: Draft) =>
    patch(
      (v) => v.id === a.id || v.as_parent === 1,
      (v) => ({ as_parent: v.id === a.id ? 1 : 0 }),
    );
  const renameColor = (a: Draft, color: string) =>
    patch(
      (v) => v.finished_id === a.finished_id && v.color === a.color,
      () => ({ color }),
    );

  const changes = (): AttrUpdate[] =>
    rows.flatMap((a) => {
      const o = original.get(a.id)!;
      const diff: AttrUpdate = { id: a.id };
      for (const k of ['export_name', 'material_img_name', 'keyword', 'material_color', 'color', 'size'] as const)
        if (a[k] !== o[k]) diff[k] = a[k];
      if (a.price !== o.price) diff.price = a.price;
      // Only the new parent is sent: the server clears the others.
      if (a.as_parent === 1 && o.as_parent !== 1) diff.as_parent = 1;
      return Object.keys(diff).length > 1 ? [diff] : [];
    });

  const submit = () => {
    const list = changes();
    if (list.length === 0) return void message.info(m('skuUnchanged'));
    save.mutate(list, {
      onSuccess: () => {
        void message.success(t('finished.edit.saved'));
        onClose();
      },
    });
  };

  const text = (k: 'export_name' | 'material_img_name' | 'keyword' | 'material_color', label: string, width: number) => ({
    title: label,
    dataIndex: k,
    width,
    render: (v: string, a: Draft) => (
      <VariantTextCell value={v} label={label} keyId={a.key_id} onChange={(value) => set(a.id, { [k]: value })} />
    ),
  });

  const columns: TableColumnsType<Draft> = [
    {
      title: t('finished.variant.image'),
      dataIndex: 'thumb',
      width: 64,
      render: (src: string) => (src ? <Image src={thumbUrl(src)} preview={{ src }} height={44} style={{ width: 'auto' }} alt="" /> : null),
    },
    {
      title: t('finished.variant.number'),
      dataIndex: 'key_id',
      width: 190,
      render: (k: string, a) => (
        <Flex vertical gap={2}>
          <span style={{ fontVariantNumeric: 'tabular-nums', fontSize: 12 }}>{k}</span>
          {a.as_parent ? (
            <Tag color="gold" icon={<CrownFilled />} style={{ width: 'fit-content' }}>
              {t('finished.edit.parent')}
            </Tag>
          ) : (
            <Button
              size="small"
              type="link"
              style={{ padding: 0, width: 'fit-content' }}
              onClick={() => makeParent(a)}
              aria-label={t('finished.edit.makeParentOf', { key: k })}
            >
              {t('finished.edit.makeParent')}
            </Button>
          )}
        </Flex>
      ),
    },
    {
      title: t('finished.variant.color'),
      dataIndex: 'color',
      width: 120,
      render: (v: string, a) => (
        <RenameCell
          value={v}
          label={t('finished.variant.color')}
          taken={[...new Set(rows.filter((o) => o.finished_id === a.finished_id && o.color !== v).map((o) => o.color))]}
          onRename={(c) => renameColor(a, c)}
        />
      ),
    },
    {
      title: t('finished.variant.size'),
      dataIndex: 'size',
      width: 100,
      render: (v: string, a) => (
        <RenameCell
          value={v}
          label={t('finished.variant.size')}
          taken={rows.filter((o) => o.finished_id === a.finished_id && o.color === a.color && o.id !== a.id).map((o) => o.size)}
          onRename={(size) => set(a.id, { size })}
        />
      ),
    },
    text('export_name', t('finished.info.exportName'), 180),
    text('material_img_name', t('finished.info.material'), 130),
    text('keyword', t('finished.edit.keyword'), 150),
    text('material_color', t('finished.edit.materialColor'), 100),
    {
      title: t('finished.edit.price'),
      dataIndex: 'price',
      width: 110,
      render: (v: number, a) => (
        <VariantPriceCell
          value={v}
          label={t('finished.edit.price')}
          keyId={a.key_id}
          onChange={(price) => set(a.id, { price })}
          step={0.01}
          style={{ width: 96 }}
        />
      ),
    },
    {
      title: t('finished.sku.title'),
      key: 'sku',
      width: 170,
      render: (_, a) => <SkuBindingsCell finishedId={a.finished_id} keyId={a.key_id} ownerId={row.owner_id} ownerName={row.username} />,
    },
  ];

  const products = [...new Set(rows.map((a) => a.finished_id))];

  return (
    <Drawer
      open
      size={1200}
      title={t('finished.edit.title', { key: row.key_id })}
      onClose={onClose}
      extra={
        <Space>
          <Button onClick={() => setBatchPrice(1)}>{t('finished.edit.batchPrice')}</Button>
          <Button type="primary" loading={save.isPending} onClick={submit} disabled={!detail.data}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {!detail.data ? (
        <Skeleton active />
      ) : (
        <Flex vertical gap={16}>
          <Flex gap={16} align="start" data-testid="parent-info">
            <Image.PreviewGroup items={parent?.img_urls ?? detail.data.parent_info.img_urls}>
              <Flex gap={6}>
                {(parent?.img_urls ?? detail.data.parent_info.img_urls).slice(0, 3).map((src) => (
                  <Image
                    key={src}
                    src={thumbUrl(src, 200)}
                    preview={{ src }}
                    height={120}
                    style={{ width: 'auto', borderRadius: 6 }}
                    alt=""
                  />
                ))}
              </Flex>
            </Image.PreviewGroup>
            <Descriptions size="small" column={2} title={t('finished.edit.parentInfo')} style={{ flex: 1 }}>
              <Descriptions.Item label={t('finished.variant.number')}>{parent?.key_id ?? detail.data.parent_info.key_id}</Descriptions.Item>
              <Descriptions.Item label={t('finished.info.exportName')}>{parent?.export_name || '--'}</Descriptions.Item>
              <Descriptions.Item label={t('finished.info.material')}>{parent?.material_img_name || '--'}</Descriptions.Item>
              <Descriptions.Item label={t('finished.edit.keyword')}>{parent?.keyword || '--'}</Descriptions.Item>
              <Descriptions.Item label={t('finished.edit.materialColor')}>{parent?.material_color || '--'}</Descriptions.Item>
              <Descriptions.Item label={t('finished.variant.color')}>
                {parent ? `${parent.color} / ${parent.size}` : '--'}
              </Descriptions.Item>
            </Descriptions>
          </Flex>
          {products.map((fid) => (
            <div key={fid}>
              {products.length > 1 && (
                <Typography.Title level={5} style={{ marginTop: 0 }}>
                  {detail.data!.child_info.find((c) => c.finished_id === fid)?.key_id.replace(/-\d+$/, '')}
                </Typography.Title>
              )}
              <Table<Draft>
                rowKey="id"
                size="small"
                columns={columns}
                dataSource={rows.filter((a) => a.finished_id === fid)}
                pagination={false}
                scroll={{ x: 1320, y: 520 }}
                rowClassName={(a) => (a.as_parent ? 'finished-parent-row' : '')}
              />
              <div style={{ marginTop: 12 }}>
                <ListingNames finishedId={fid} />
              </div>
            </div>
          ))}
        </Flex>
      )}
      <Modal
        open={batchPrice !== null}
        title={t('finished.edit.batchPrice')}
        onCancel={() => setBatchPrice(null)}
        okText={t('common.confirm')}
        cancelText={t('common.cancel')}
        onOk={() => {
          const price = batchPrice ?? 1;
          patch(
            () => true,
            () => ({ price }),
          );
          setBatchPrice(null);
        }}
      >
        <Flex align="center" gap={8}>
          <span>{t('finished.edit.batchPriceAll')}</span>
          <InputNumber
            min={1}
            precision={2}
            value={batchPrice}
            onChange={(v) => setBatchPrice(v ?? 1)}
            aria-label={t('finished.edit.batchPrice')}
          />
        </Flex>
      </Modal>
    </Drawer>
  );
}
