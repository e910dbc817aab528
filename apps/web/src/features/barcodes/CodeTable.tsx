import { useState } from 'react';
import { SearchOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Dropdown,
  Empty,
  Flex,
  Image,
  Input,
  Modal,
  Select,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
  type TablePaginationConfig,
} from 'antd';
import { BARCODE_STATUSES, type BarcodeMaker, type BarcodeRow, type BarcodeStatus, type DataOf, type routes } from '@app/contract';
import { barcodeImageUrl, useSetBarcodeStatus } from '../../api';
import { dateTimeCell } from '../../app/components';
import { settled, useFeedback } from '../../app/feedback';
import { useI18n } from '../../app/i18n';
import type { ParamChanges } from '../../app/urlList';

const STATUS_COLORS: Record<BarcodeStatus, string> = { free: 'success', used: 'processing', void: 'default' };

/** The codes: filters by maker, status and code (in the address), paging, status change of the selected, images. */
export function CodeTable(props: {
  data: DataOf<typeof routes.barcodeList> | undefined;
  loading: boolean;
  makers: BarcodeMaker[];
  makerId: number | undefined;
  status: BarcodeStatus | undefined;
  code: string;
  pagination: TablePaginationConfig;
  setParam: (changes: ParamChanges) => void;
}) {
  const { t } = useI18n();
  const { message, modal } = useFeedback();
  const [selected, setSelected] = useState<number[]>([]);
  const [shown, setShown] = useState<BarcodeRow | null>(null);
  const setStatus = useSetBarcodeStatus();
  const apply = (status: BarcodeStatus) => {
    const run = () =>
      settled(
        setStatus.mutateAsync({ ids: selected.join(','), status }).then((r) => {
          setSelected([]);
          void message.success(t('barcodes.statusSet', { count: r.updated }));
        }),
      );
    if (status === 'free')
      modal.confirm({ title: t('barcodes.confirmFree'), okText: t('barcodes.status.free'), cancelText: t('common.cancel'), onOk: run });
    else void run();
  };

  const columns: TableColumnsType<BarcodeRow> = [
    {
      title: t('barcodes.col.code'),
      dataIndex: 'code',
      render: (c: string, r) => (
        <Button type="link" size="small" style={{ padding: 0, fontFamily: 'monospace' }} onClick={() => setShown(r)}>
          {c}
        </Button>
      ),
    },
    { title: t('barcodes.col.type'), dataIndex: 'type', width: 80 },
    {
      title: t('barcodes.col.status'),
      dataIndex: 'status',
      width: 90,
      render: (s: BarcodeStatus) => <Tag color={STATUS_COLORS[s]}>{t(`barcodes.status.${s}`)}</Tag>,
    },
    { title: t('barcodes.col.maker'), dataIndex: 'maker_name' },
    {
      title: t('barcodes.col.usedBy'),
      key: 'usedBy',
      render: (_, r) =>
        r.status === 'free' ? (
          ''
        ) : r.store_id ? (
          <Flex vertical>
            <Typography.Text>{r.store_name}</Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {r.key_id}
            </Typography.Text>
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('barcodes.usedByHand')}</Typography.Text>
        ),
    },
    { title: t('barcodes.col.usedAt'), dataIndex: 'used_at', width: 170, render: (v: number) => (v ? dateTimeCell(v) : '') },
  ];

  return (
    <Card variant="borderless" title={t('barcodes.codes')} styles={{ body: { padding: 0 } }}>
      <Flex justify="space-between" align="center" gap={12} wrap style={{ padding: '16px 20px' }}>
        <Flex gap={12} wrap>
          <Select
            allowClear
            aria-label={t('barcodes.filter.maker')}
            placeholder={t('barcodes.filter.anyMaker')}
            value={props.makerId}
            style={{ width: 220 }}
            options={props.makers.map((m) => ({ value: m.id, label: m.name }))}
            onChange={(v: number | undefined) => props.setParam({ maker: v, page: undefined })}
          />
          <Select
            allowClear
            aria-label={t('barcodes.filter.status')}
            placeholder={t('barcodes.filter.anyStatus')}
            value={props.status}
            style={{ width: 140 }}
            options={BARCODE_STATUSES.map((s) => ({ value: s, label: t(`barcodes.status.${s}`) }))}
            onChange={(v: BarcodeStatus | undefined) => props.setParam({ status: v, page: undefined })}
          />
          <Input
            allowClear
            prefix={<SearchOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />}
            placeholder={t('barcodes.filter.code')}
            aria-label={t('barcodes.filter.code')}
            value={props.code}
            maxLength={14}
            onChange={(e) => props.setParam({ code: e.target.value, page: undefined })}
            style={{ width: 200 }}
          />
        </Flex>
        <Flex gap={12} align="center">
          <Typography.Text type="secondary">{t('barcodes.total', { count: props.data?.count ?? 0 })}</Typography.Text>
          <Dropdown
            disabled={selected.length === 0}
            menu={{
              items: BARCODE_STATUSES.map((s) => ({ key: s, label: t(`barcodes.status.${s}`) })),
              onClick: ({ key }) => apply(key as BarcodeStatus),
            }}
          >
            <Button loading={setStatus.isPending}>{t('barcodes.setSelected', { count: selected.length })}</Button>
          </Dropdown>
        </Flex>
      </Flex>
      <Table<BarcodeRow>
        rowKey="id"
        columns={columns}
        dataSource={props.data?.list ?? []}
        loading={props.loading}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(Number)), preserveSelectedRowKeys: true }}
        pagination={props.pagination}
        size="middle"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('barcodes.noCodes')} /> }}
      />
      {shown && (
        <Modal
          open
          title={`${shown.code} · ${shown.type}`}
          onCancel={() => setShown(null)}
          footer={
            <Flex justify="flex-end" gap={8}>
              <Button href={barcodeImageUrl(shown.code, 'png', true)}>{t('barcodes.downloadPng')}</Button>
              <Button href={barcodeImageUrl(shown.code, 'svg', true)}>{t('barcodes.downloadSvg')}</Button>
            </Flex>
          }
          width={420}
        >
          <Flex justify="center" style={{ padding: 16 }}>
            <Image src={barcodeImageUrl(shown.code, 'png')} alt={shown.code} preview={false} width={320} />
          </Flex>
        </Modal>
      )}
    </Card>
  );
}
