import { Button, Card, Empty, Flex, Popconfirm, Table, Tag, Typography, type TableColumnsType } from 'antd';
import type { BarcodeMaker } from '@app/contract';
import { useDeleteMaker, useSetMakerStatus } from '../../api';
import { settled, useFeedback } from '../../app/feedback';
import { useI18n } from '../../app/i18n';
import type { BarcodeDialog } from './dialogs';

/** The makers: kind, counts, status; enable/disable, delete, show their codes, import or generate more. */
export function MakerTable(props: {
  makers: BarcodeMaker[] | undefined;
  loading: boolean;
  onOpen: (d: BarcodeDialog) => void;
  onShowCodes: (makerId: number) => void;
  /** A maker was deleted (the codes list stops filtering by it). */
  onDeleted: (makerId: number) => void;
}) {
  const { t } = useI18n();
  const { message } = useFeedback();
  const setStatus = useSetMakerStatus();
  const toggle = (m: BarcodeMaker) =>
    settled(
      setStatus
        .mutateAsync({ ids: String(m.id), status: m.status === 1 ? 0 : 1 })
        .then(() => void message.success(t(m.status === 1 ? 'barcodes.makerDisabled' : 'barcodes.makerEnabled', { name: m.name }))),
    );

  const remove = useDeleteMaker();
  const del = (m: BarcodeMaker) =>
    settled(
      remove.mutateAsync({ id: m.id }).then((res) => {
        props.onDeleted(m.id);
        void message.success(t('barcodes.makerDeleted', { name: m.name, count: res.codes }));
      }),
    );

  const columns: TableColumnsType<BarcodeMaker> = [
    { title: t('barcodes.col.name'), dataIndex: 'name', render: (n: string) => <Typography.Text strong>{n}</Typography.Text> },
    {
      title: t('barcodes.col.kind'),
      key: 'kind',
      render: (_, m) =>
        m.kind === 'pool'
          ? t('barcodes.kind.pool')
          : t('barcodes.kind.generator', { prefix: m.prefix, type: t(`barcodes.type.${m.code_type as 'EAN' | 'UPC'}`) }),
    },
    {
      title: t('barcodes.col.free'),
      dataIndex: 'free',
      width: 90,
      align: 'right',
      render: (n: number) => <Typography.Text type={n === 0 ? 'danger' : undefined}>{n}</Typography.Text>,
    },
    { title: t('barcodes.col.used'), dataIndex: 'used', width: 90, align: 'right' },
    { title: t('barcodes.col.void'), dataIndex: 'void', width: 90, align: 'right' },
    {
      title: t('barcodes.col.status'),
      dataIndex: 'status',
      width: 90,
      render: (s: number) => <Tag color={s === 1 ? 'success' : 'default'}>{t(s === 1 ? 'barcodes.enabled' : 'barcodes.disabled')}</Tag>,
    },
    { title: t('barcodes.col.account'), dataIndex: 'username', width: 110 },
    {
      title: t('barcodes.col.actions'),
      key: 'actions',
      align: 'right',
      render: (_, m) => (
        <Flex justify="flex-end" gap={4} wrap>
          <Button type="link" size="small" onClick={() => props.onShowCodes(m.id)}>
            {t('barcodes.showCodes')}
          </Button>
          <Button type="link" size="small" onClick={() => props.onOpen({ kind: m.kind === 'pool' ? 'import' : 'generate', maker: m })}>
            {t(m.kind === 'pool' ? 'barcodes.addCodes' : 'barcodes.more')}
          </Button>
          <Popconfirm
            title={t(m.status === 1 ? 'barcodes.disable' : 'barcodes.enable')}
            okText={t(m.status === 1 ? 'barcodes.disable' : 'barcodes.enable')}
            cancelText={t('common.cancel')}
            onConfirm={() => toggle(m)}
          >
            <Button type="link" size="small" danger={m.status === 1}>
              {t(m.status === 1 ? 'barcodes.disable' : 'barcodes.enable')}
            </Button>
          </Popconfirm>
          <Popconfirm
            title={t('barcodes.confirmDelete', { name: m.name })}
            okText={t('barcodes.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('common.cancel')}
            onConfirm={() => del(m)}
          >
            <Button type="link" size="small" danger>
              {t('barcodes.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ];

  return (
    <Card variant="borderless" title={t('barcodes.makers')} styles={{ body: { padding: 0 } }}>
      <Table<BarcodeMaker>
        rowKey="id"
        columns={columns}
        dataSource={props.makers ?? []}
        loading={props.loading}
        pagination={false}
        size="middle"
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('barcodes.noMakers')} /> }}
      />
    </Card>
  );
}
