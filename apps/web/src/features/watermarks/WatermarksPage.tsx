import { useState } from 'react';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Popconfirm, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { FONT_FAMILIES } from '@app/design';
import type { Watermark } from '@app/contract';
import { useDeleteWatermarks, useWatermarks } from '../../api';
import { dateTimeCell, PageHeader, RowActions, NameSearch } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { useFeedback, settled } from '../../app/feedback';
import { useUrlList } from '../../app/urlList';
import { positiveIdParam } from '../../app/urlParams';
import { WatermarkEditor } from './WatermarkEditor';
import { positionKey } from './positions';

/**
 * /watermark (docs/watermarks.md): the seller's watermarks (a parent's include its
 * sub-accounts'), with search, paging and batch delete; `?edit=new` or `?edit=<id>` opens the form with its
 * live preview, so the export dialog can link straight to it.
 */
export function WatermarksPage() {
  const { t, lang } = useI18n();
  const { message } = useFeedback();
  const { params, setParam, pageNumber, pageSize, pagination, afterRemove } = useUrlList();
  const name = params.get('name') ?? '';
  const editParam = params.get('edit');
  const editing = editParam === 'new' ? 'new' : positiveIdParam(editParam);
  const list = useWatermarks({ name: name || undefined, pageNumber, pageSize });
  const del = useDeleteWatermarks();
  const [selected, setSelected] = useState<number[]>([]);

  const remove = (ids: number[]) =>
    settled(
      del.mutateAsync(ids).then((r) => {
        setSelected((s) => s.filter((id) => !ids.includes(id)));
        void message.success(t('wm.deleted', { count: r.deleted }));
        afterRemove(list.data?.datalist.length ?? 0, ids.length);
      }),
    );

  const columns: TableColumnsType<Watermark> = [
    {
      title: t('wm.col.name'),
      dataIndex: 'name',
      width: 180,
      ellipsis: true,
      render: (n: string) => <Typography.Text strong>{n}</Typography.Text>,
    },
    {
      title: t('wm.col.type'),
      dataIndex: 'type',
      width: 90,
      render: (type: Watermark['type']) => <Tag color={type === 'text' ? 'blue' : 'purple'}>{t(`wm.type.${type}`)}</Tag>,
    },
    {
      title: t('wm.col.content'),
      key: 'content',
      width: 240,
      render: (_, r) =>
        r.type === 'image' ? (
          <span style={{ display: 'inline-block', padding: 4, borderRadius: 4, background: '#8c9aab' }}>
            <img src={r.image_url} alt={r.name} style={{ display: 'block', maxHeight: 40, maxWidth: 160 }} />
          </span>
        ) : (
          <Flex vertical gap={2} align="flex-start">
            <span
              style={{
                display: 'inline-block',
                maxWidth: 220,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
                padding: '2px 8px',
                borderRadius: 4,
                // A light colour on a dark chip, a dark one on a light chip, so white text is visible.
                background: luminance(r.color) > 0.6 ? '#5b6b7f' : '#f0f2f5',
                color: r.color,
                fontSize: 15,
              }}
            >
              {r.text}
            </span>
            {/* The font by name: the page does not download the design fonts (the CJK ones are megabytes each). */}
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {FONT_FAMILIES.find((f) => f.family === r.font_family)?.label[lang] ?? r.font_family} · {r.font_size}px
            </Typography.Text>
          </Flex>
        ),
    },
    { title: t('wm.col.position'), dataIndex: 'position', width: 90, render: (p: number) => t(positionKey(p)) },
    { title: t('wm.col.owner'), dataIndex: 'username', width: 120 },
    {
      title: t('wm.col.updated'),
      dataIndex: 'updated_at',
      width: 170,
      render: dateTimeCell,
    },
    {
      title: t('wm.col.actions'),
      key: 'actions',
      width: 150,
      align: 'right',
      fixed: 'right',
      render: (_, r) => <RowActions name={r.name} onEdit={() => setParam({ edit: r.id })} onDelete={() => remove([r.id])} />,
    },
  ];

  return (
    <>
      <PageHeader
        title={t('wm.title')}
        subtitle={t('wm.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setParam({ edit: 'new' })}>
            {t('wm.new')}
          </Button>
        }
      />
      <Card>
        <Flex gap={12} wrap justify="space-between" style={{ marginBottom: 16 }}>
          <NameSearch name={name} label={t('wm.searchName')} setParam={setParam} />
          <Popconfirm
            title={t('wm.confirmBatch', { count: selected.length })}
            okText={t('common.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => remove(selected)}
            disabled={selected.length === 0}
          >
            <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0}>
              {t('wm.batchDelete', { count: selected.length })}
            </Button>
          </Popconfirm>
        </Flex>
        <Table<Watermark>
          rowKey="id"
          columns={columns}
          dataSource={list.data?.datalist ?? []}
          loading={list.isFetching}
          locale={{ emptyText: t('wm.empty') }}
          scroll={{ x: 1040 }}
          rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)) }}
          pagination={pagination(list.data?.total ?? 0, (total) => t('wm.total', { total }))}
        />
      </Card>
      {editing !== null && (
        <WatermarkEditor key={String(editing)} id={editing === 'new' ? null : editing} onClose={() => setParam({ edit: undefined })} />
      )}
    </>
  );
}

/** Relative luminance of #RRGGBB (0 black … 1 white). */
function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  if (!Number.isFinite(n)) return 0;
  return (0.2126 * ((n >> 16) & 255) + 0.7152 * ((n >> 8) & 255) + 0.0722 * (n & 255)) / 255;
}
