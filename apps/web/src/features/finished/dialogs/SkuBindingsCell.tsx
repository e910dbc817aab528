import { useState } from 'react';
import { LinkOutlined } from '@ant-design/icons';
import { Button, Flex, Input, Popover, Select, Space, Tag, Typography } from 'antd';
import { CONNECTABLE_MARKETPLACES } from '@app/contract';
import { useBindSku, useSkuBindings, useStores, useUnbindSku } from '../../../api';
import { useI18n } from '../../../app/i18n';
import { useFeedback } from '../../../app/feedback';

/**
 * A variant's SKU bindings in the edit drawer (bindSkuCompare / delSkuCompare; docs/variants.md#sku-bindings):
 * one tag per shop (shop · remote SKU, closable to unbind after a confirmation) and a small form binding it to a
 * remote SKU of a marketplace A or B shop of the product's own account (binding again in a shop replaces). A parent's
 * shop list holds its sub-accounts' shops too; the server binds a variant only to a shop of its own account, so a
 * parent editing a sub-account's product is offered that sub-account's shops and nothing else.
 */
export function SkuBindingsCell(props: { finishedId: number; keyId: string; ownerId: number; ownerName: string }) {
  const { finishedId, keyId, ownerId, ownerName } = props;
  const { t } = useI18n();
  const { message, modal } = useFeedback();
  const bindings = useSkuBindings(finishedId);
  const marketplaces = useStores();
  const bind = useBindSku(finishedId);
  const unbind = useUnbindSku(finishedId);
  const [open, setOpen] = useState(false);
  const [shopId, setShopId] = useState<number>();
  const [remote, setRemote] = useState('');

  const everyShop = (marketplaces.data ?? []).filter((m) => CONNECTABLE_MARKETPLACES.includes(m.id)).flatMap((m) => m.stores);
  const shops = everyShop.filter((s) => s.owner_id === ownerId);
  // A binding names its shop by id; look names up among every shop so an existing tag still reads well.
  const shopName = (id: number) => everyShop.find((s) => s.id === id)?.name ?? `#${id}`;
  const mine = (bindings.data ?? []).filter((b) => b.key_id === keyId);

  const submit = () => {
    if (shopId === undefined || !remote.trim()) return void message.warning(t('finished.sku.needBoth'));
    bind.mutate(
      { key_id: keyId, store_id: shopId, remote_sku_id: remote.trim() },
      {
        onSuccess: () => {
          void message.success(t('finished.sku.bound'));
          setOpen(false);
          setRemote('');
        },
      },
    );
  };

  return (
    <Flex vertical gap={2} align="start" data-testid={`sku-bindings-${keyId}`}>
      {mine.map((b) => (
        <Tag
          key={b.id}
          closable
          className="finished-shop-tag"
          title={`${shopName(b.store_id)} · ${b.remote_sku_id}`}
          onClose={(e) => {
            e.preventDefault();
            modal.confirm({
              title: t('finished.sku.unbind', { shop: shopName(b.store_id), sku: b.remote_sku_id }),
              onOk: () => unbind.mutateAsync(b.id).then(() => void message.success(t('finished.sku.unbound'))),
            });
          }}
        >
          {shopName(b.store_id)} · {b.remote_sku_id}
        </Tag>
      ))}
      <Popover
        open={open}
        onOpenChange={setOpen}
        trigger="click"
        title={t('finished.sku.bindOf', { key: keyId })}
        content={
          shops.length === 0 ? (
            <Typography.Text type="secondary" style={{ display: 'block', maxWidth: 300 }}>
              {/* Shops of other accounts exist (a parent's own or its other sub-accounts'): say why none is offered. */}
              {everyShop.length > 0 ? t('finished.sku.noShopsOf', { user: ownerName }) : t('finished.sku.noShops')}
            </Typography.Text>
          ) : (
            <Space.Compact>
              <Select
                size="small"
                style={{ width: 150 }}
                popupMatchSelectWidth={false}
                placeholder={t('finished.sku.shop')}
                aria-label={t('finished.sku.shop')}
                value={shopId}
                onChange={setShopId}
                options={shops.map((s) => ({ value: s.id, label: s.name }))}
              />
              <Input
                size="small"
                style={{ width: 140 }}
                maxLength={64}
                placeholder={t('finished.sku.remote')}
                aria-label={t('finished.sku.remote')}
                value={remote}
                onChange={(e) => setRemote(e.target.value)}
                onPressEnter={submit}
              />
              <Button size="small" type="primary" loading={bind.isPending} onClick={submit}>
                {t('finished.sku.bind')}
              </Button>
            </Space.Compact>
          )
        }
      >
        <Button
          type="link"
          size="small"
          icon={<LinkOutlined />}
          style={{ padding: 0 }}
          aria-label={t('finished.sku.bindOf', { key: keyId })}
        >
          {t('finished.sku.bind')}
        </Button>
      </Popover>
    </Flex>
  );
}
