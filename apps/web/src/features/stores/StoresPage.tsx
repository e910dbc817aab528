import { useState } from 'react';
import {
  ApiOutlined,
  DeleteOutlined,
  DisconnectOutlined,
  EditOutlined,
  SettingOutlined,
  PlusOutlined,
  ShoppingOutlined,
} from '@ant-design/icons';
import { Button, Card, Empty, Flex, Popconfirm, Segmented, Skeleton, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { useSearchParams } from 'react-router';
import { CONNECTABLE_MARKETPLACES, isMarketplaceCode, MARKETPLACES, type Store } from '@app/contract';
import { useDeleteStore, useDisconnectStore, useStores } from '../../api';
import { dateTimeCell, PageHeader } from '../../app/components';
import { formatDateTime } from '../../app/formatDateTime';
import { useI18n } from '../../app/i18n';
import { useCurrentUser } from '../../app/layout';
import { BarcodeMakerSelect } from './BarcodeMakerSelect';
import { ConnectDialog } from './ConnectDialog';
import { StockDialog } from './StockDialog';
import { OrderSettingsDialog } from './OrderSettingsDialog';
import { ShopDialog, type ShopDialogMode } from './ShopDialog';
import { useFeedback } from '../../app/feedback';

/** A colour per marketplace, so its shops are told apart at a glance. */
const MARKETPLACE_COLORS: Record<number, string> = { 1: 'orange', 3: 'blue', 2: 'red', 15: 'default' };

/**
 * The seller's shops by marketplace (GET /api/store/getlist; SPEC §3 shop): add, rename, delete. A parent
 * account also sees and manages its sub-accounts' shops, with the owning account named. The marketplace
 * filter lives in the URL (?type=) and is the call's own `type`.
 */
export function StoresPage() {
  const { t, lang } = useI18n();
  const { message } = useFeedback();
  const me = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const typeParam = Number(params.get('type'));
  const type = isMarketplaceCode(typeParam) ? typeParam : undefined;
  const shops = useStores(type);
  const del = useDeleteStore();
  const [dialog, setDialog] = useState<ShopDialogMode | null>(null);
  const disconnect = useDisconnectStore();
  const [connecting, setConnecting] = useState<Store | null>(null);
  const [stocking, setStocking] = useState<Store | null>(null);
  const [ordering, setOrdering] = useState<Store | null>(null);

  const tree = shops.data ?? [];
  const total = tree.reduce((n, m) => n + m.stores.length, 0);

  // AliExpress and TikTok Shop shops connect online (issue 15): their status, connect/reconnect, disconnect.
  const connectionColumn: TableColumnsType<Store>[number] = {
    title: t('stores.col.connection'),
    key: 'connection',
    width: 280,
    render: (_, s) =>
      !s.connected ? (
        <Tag>{t('stores.conn.none')}</Tag>
      ) : s.needs_reconnect ? (
        <Tag color="error">{t('stores.conn.reconnectNeeded')}</Tag>
      ) : (
        <Tag color="success">{t('stores.conn.ok', { date: formatDateTime(s.token_expires_at ?? 0).slice(0, 16) })}</Tag>
      ),
  };
  const connectActions = (s: Store) => (
    <>
      {s.connected && (
        <Button type="link" size="small" icon={<ShoppingOutlined />} onClick={() => setOrdering(s)}>
          {t('stores.orders.open')}
        </Button>
      )}
      <Button type="link" size="small" icon={<ApiOutlined />} onClick={() => setConnecting(s)}>
        {t(s.connected ? 'stores.reconnect' : 'stores.connect')}
      </Button>
      {s.connected && (
        <Popconfirm
          title={t('stores.confirmDisconnect', { name: s.name })}
          okText={t('stores.disconnect')}
          okButtonProps={{ danger: true }}
          cancelText={t('common.cancel')}
          onConfirm={() => disconnect.mutateAsync(s.id).then(() => void message.success(t('stores.disconnected', { name: s.name })))}
        >
          <Button type="link" size="small" danger icon={<DisconnectOutlined />}>
            {t('stores.disconnect')}
          </Button>
        </Popconfirm>
      )}
    </>
  );

  const columnsFor = (marketplace: number): TableColumnsType<Store> => {
    const online = CONNECTABLE_MARKETPLACES.includes(marketplace);
    return [
      {
        title: t('stores.col.name'),
        dataIndex: 'name',
        // A name reads across, never one character a line, however many columns the marketplace has.
        minWidth: 160,
        render: (name: string) => <Typography.Text strong>{name}</Typography.Text>,
      },
      ...(me.is_parent ? [{ title: t('stores.col.owner'), dataIndex: 'username', width: 180 }] : []),
      {
        title: t('stores.col.createtime'),
        dataIndex: 'createtime',
        width: 200,
        render: dateTimeCell,
      },
      ...(online ? [connectionColumn] : []),
      // Where its listings' barcodes come from (docs/listing-tools.md#barcodes).
      { title: t('barcodes.shopMaker'), key: 'barcodeMaker', width: 220, render: (_, s) => <BarcodeMakerSelect shop={s} /> },
      {
        // docs/publishing.md#stock: what every SKU exported or published to the shop carries, and its setting.
        title: t('stores.col.stock'),
        key: 'stock',
        width: 190,
        render: (_, s) => (
          <Flex align="center" gap={4} wrap>
            <span>
              {s.stock_mode === 'made_to_order'
                ? t('stores.stock.madeToOrder', { days: s.handling_days })
                : t('stores.stock.quantity', { n: s.stock_quantity })}
            </span>
            <Button
              type="link"
              size="small"
              icon={<SettingOutlined />}
              aria-label={t('stores.stock.edit')}
              title={t('stores.stock.edit')}
              onClick={() => setStocking(s)}
            />
          </Flex>
        ),
      },
      {
        title: t('stores.col.actions'),
        key: 'actions',
        width: online ? 470 : 200,
        align: 'right',
        render: (_, s) => (
          <Flex justify="flex-end" gap={4}>
            {online && connectActions(s)}
            <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setDialog({ kind: 'rename', shop: s })}>
              {t('stores.rename')}
            </Button>
            <Popconfirm
              title={t('stores.confirmDelete', { name: s.name })}
              okText={t('common.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('common.cancel')}
              onConfirm={() => del.mutateAsync(s.id).then(() => void message.success(t('stores.deleted', { name: s.name })))}
            >
              <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                {t('common.delete')}
              </Button>
            </Popconfirm>
          </Flex>
        ),
      },
    ];
  };

  const filter = (
    <Segmented
      aria-label={t('stores.filter')}
      value={type ?? 0}
      onChange={(v) => setParams(v === 0 ? {} : { type: String(v) })}
      options={[{ value: 0, label: t('stores.all') }, ...MARKETPLACES.map((m) => ({ value: m.code as number, label: m.name[lang] }))]}
    />
  );

  return (
    <>
      <PageHeader
        title={t('stores.title')}
        subtitle={t('stores.subtitle')}
        extra={
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add', pid: type })}>
            {t('stores.add')}
          </Button>
        }
      />
      <Flex style={{ marginBottom: 16 }}>{filter}</Flex>
      {shops.isPending ? (
        <Card variant="borderless">
          <Skeleton active />
        </Card>
      ) : total === 0 && type === undefined ? (
        <Card variant="borderless">
          <Empty description={<Typography.Text strong>{t('stores.empty')}</Typography.Text>} style={{ padding: '32px 0' }}>
            <Typography.Paragraph type="secondary">{t('stores.emptyHint')}</Typography.Paragraph>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add' })}>
              {t('stores.add')}
            </Button>
          </Empty>
        </Card>
      ) : (
        <Flex vertical gap={16}>
          {tree.map((m) => (
            <Card
              key={m.id}
              variant="borderless"
              data-marketplace={m.id}
              title={
                <Flex align="center" gap={10}>
                  <Tag color={MARKETPLACE_COLORS[m.id]} style={{ marginInlineEnd: 0 }}>
                    {m.name}
                  </Tag>
                  <Typography.Text type="secondary" style={{ fontWeight: 'normal', fontSize: 13 }}>
                    {t('stores.count', { count: m.stores.length })}
                  </Typography.Text>
                </Flex>
              }
              extra={
                <Button size="small" icon={<PlusOutlined />} onClick={() => setDialog({ kind: 'add', pid: m.id })}>
                  {t('stores.addTo')}
                </Button>
              }
              styles={{ body: { padding: 0 } }}
            >
              <Table<Store>
                rowKey="id"
                columns={columnsFor(m.id)}
                dataSource={m.stores}
                pagination={false}
                size="middle"
                locale={{ emptyText: <Typography.Text type="secondary">{t('stores.noneHere')}</Typography.Text> }}
              />
            </Card>
          ))}
        </Flex>
      )}
      {connecting && (
        <ConnectDialog
          shop={connecting}
          onClose={() => setConnecting(null)}
          onDone={() => {
            void message.success(t('stores.connected', { name: connecting.name }));
            setConnecting(null);
          }}
        />
      )}
      {ordering && <OrderSettingsDialog shop={ordering} onClose={() => setOrdering(null)} />}
      {stocking && (
        <StockDialog
          shop={stocking}
          onClose={() => setStocking(null)}
          onDone={() => {
            void message.success(t('stores.stock.saved', { name: stocking.name }));
            setStocking(null);
          }}
        />
      )}
      {dialog && (
        <ShopDialog
          mode={dialog}
          onClose={() => setDialog(null)}
          onDone={(name) => {
            void message.success(t(dialog.kind === 'add' ? 'stores.added' : 'stores.renamed', { name }));
            setDialog(null);
          }}
        />
      )}
    </>
  );
}
