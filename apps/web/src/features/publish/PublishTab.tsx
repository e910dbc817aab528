import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Col, Flex, Form, Radio, Row, Select, Tag } from 'antd';
import { PUBLISH_PLATFORMS, type PublishPlatform } from '@app/contract';
import {
  useColorSizePreview,
  useMarketTemplatesByStore,
  usePreflight,
  usePriceTemplates,
  usePublish,
  useStores,
  useVariantInfo,
  type PublishCall,
  type VariantChoice,
} from '../../api';
import { labelWithPage, newTabLink, PriceTemplateSelect } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { priceTemplateOptions } from '../priceTemplates';
import { TitlePickers, TITLE_CHOICE_DEFAULTS, type TitleChoices } from '../titles';
import { publishPagePath, templatesPagePath } from './links';
import { PublishOutcome, type Preflight, type Sent } from './PublishOutcome';
import { VariantsSection } from './VariantsSection';
import { buildGroups, chosenColours, picksOf, summarize, type Picks, type ProductPicks } from './variantPicks';

interface Values extends TitleChoices {
  platform: PublishPlatform;
  store_id?: number;
  template_id?: number;
  pricing_template_id: number;
}
const DEFAULTS: Values = { platform: 2, pricing_template_id: 0, ...TITLE_CHOICE_DEFAULTS };

/**
 * The export dialog's Publish Online tab (docs/publish-tab.md, docs/variants.md#variant-info, docs/publishing.md#the-calls;
 * docs/publish-tab.md): marketplace, shop (connected ones), the marketplace's product template, pricing
 * template; each product's colours, sizes and variants with prices; the pre-flight report; publish. On
 * success the form clears and the marketplace's publish page opens in a new tab on the batch's progress.
 */
export function PublishTab({ ids, onClose }: { ids: number[]; onClose: () => void }) {
  const { t } = useI18n();
  const [form] = Form.useForm<Values>();
  const values = (Form.useWatch([], form) as Partial<Values> | undefined) ?? DEFAULTS;
  const platform: PublishPlatform = values.platform ?? DEFAULTS.platform;
  const shopId = values.store_id;
  const pricingTemplateId = values.pricing_template_id ?? 0;

  const marketplaces = useStores(platform);
  const shops = (marketplaces.data ?? []).flatMap((m) => (m.id === platform ? m.stores : []));
  const templates = useMarketTemplatesByStore(platform === 2 ? 'aliexpress' : 'tiktok', shopId);
  // The templates that fit the marketplace (docs/pricing-templates.md#which-templates-a-shop-is-offered).
  const priceTemplates = usePriceTemplates({ pageNumber: 1, pageSize: 100, for_platform: platform });

  const [picks, setPicks] = useState<Picks>({});
  const preview = useColorSizePreview(ids);
  const previews = useMemo(() => preview.data ?? [], [preview.data]);
  // The colours and sizes still ticked per product: the variant call answers only those (docs/publish-tab.md#variant-table).
  const choices = useMemo<VariantChoice[] | null>(
    () =>
      preview.data
        ? preview.data.map((p) => {
            const pk = picksOf(picks, p.id);
            return {
              id: p.id,
              colors: chosenColours(p.members, pk),
              sizes: p.sizes.filter((s) => !pk.offSizes.includes(s)),
            };
          })
        : null,
    [preview.data, picks],
  );
  const variants = useVariantInfo(choices, pricingTemplateId, platform, values.template_id ?? 0);
  const infos = useMemo(() => variants.data ?? [], [variants.data]);
  const infoOf = (id: number) => infos.find((i) => i.parentInfo.id === id);

  const preflight = usePreflight();
  const publish = usePublish();
  const [report, setReport] = useState<Preflight>();
  const [failure, setFailure] = useState<string>();
  const [sent, setSent] = useState<Sent>();
  // Set the moment a click starts sending, before React re-renders the disabled button: no double submit.
  const sending = useRef(false);
  const busy = preflight.isPending || publish.isPending;
  // The outcome (report, failure, success) shows under the variant table: brought into view when it changes,
  // since the dialog is taller than most windows.
  const outcome = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (report || failure !== undefined || sent) outcome.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [report, failure, sent]);

  /** Any change makes the last report and outcome stale: they describe what would have been sent. */
  const changed = () => {
    setReport(undefined);
    setFailure(undefined);
  };
  const setProductPicks = (id: number, next: ProductPicks) => {
    setPicks((prev) => ({ ...prev, [id]: next }));
    changed();
  };

  const invalidPrices = infos.reduce((n, info) => n + summarize(info, picksOf(picks, info.parentInfo.id)).invalid, 0);
  const groups = buildGroups(infos, picks);

  /** The call for these products, from the form and the table as they are now. */
  const callFor = (v: Values, productIds: readonly number[]): PublishCall => {
    const chosen = groups.filter((g) => productIds.includes(g.parentId));
    const common = {
      design_product_ids: chosen.map((g) => g.parentId),
      pricing_template_id: v.pricing_template_id,
      // docs/listing-tools.md#titles: 0 = the product's own title.
      title_template_id: v.title_template_id,
      keyword_set_id: v.keyword_set_id,
      // docs/api.md#fields: groupIds is JSON text of parentId and customAttributions.
      groupIds: JSON.stringify(chosen),
    };
    return v.platform === 2
      ? { platform: 2, body: { ...common, aliexpress_template_id: v.template_id! } }
      : { platform: 15, body: { ...common, tk_template_id: v.template_id! } };
  };

  /** The form's values once valid, and the table's state once it can go; otherwise the reason is shown. */
  const ready = async (): Promise<Values | null> => {
    let v: Values;
    try {
      v = await form.validateFields();
    } catch {
      return null;
    }
    if (invalidPrices > 0) {
      setFailure(t('publish.v.fixPrices', { n: invalidPrices }));
      return null;
    }
    if (!variants.data || groups.length === 0) {
      setFailure(t('publish.v.nothing'));
      return null;
    }
    return { ...DEFAULTS, ...v };
  };

  const send = async (v: Values, productIds: readonly number[]) => {
    const answer = await publish.mutateAsync(callFor(v, productIds));
    const url = `${publishPagePath(v.platform)}?batch_id=${encodeURIComponent(answer.batch_id)}`;
    // docs/publish-tab.md: the form clears and the marketplace's publish page opens in a new tab.
    const tab = window.open(url, '_blank');
    if (tab) tab.opener = null;
    form.resetFields();
    setPicks({});
    setReport(undefined);
    setSent({
      platform: v.platform,
      batchId: answer.batch_id,
      count: answer.publish_ids.length,
      refused: answer.refused.length,
      popupBlocked: !tab,
    });
  };

  /** Checks first; publishes at once when nothing is refused, otherwise shows the report (docs/publish-tab.md#pre-flight). */
  const run = async (andPublish: boolean) => {
    if (sending.current) return;
    sending.current = true;
    setFailure(undefined);
    setSent(undefined);
    try {
      const v = await ready();
      if (!v) return;
      const all = groups.map((g) => g.parentId);
      const checked = await preflight.mutateAsync(callFor(v, all));
      if (andPublish && checked.refused.length === 0) await send(v, all);
      else setReport(checked);
    } catch (e) {
      setFailure((e as Error).message);
    } finally {
      sending.current = false;
    }
  };

  const publishOthers = async () => {
    if (sending.current || !report) return;
    sending.current = true;
    setFailure(undefined);
    try {
      const v = await ready();
      if (v) await send(v, report.ok_ids);
    } catch (e) {
      setFailure((e as Error).message);
    } finally {
      sending.current = false;
    }
  };

  const unavailable = shops.filter((s) => !s.connected || s.needs_reconnect).length;
  const keyOf = (id: number) => previews.find((p) => p.id === id)?.key_id ?? String(id);

  return (
    <Flex vertical gap={12} data-testid="publish-tab">
      <Form<Values>
        form={form}
        name="publish"
        layout="vertical"
        requiredMark
        initialValues={DEFAULTS}
        disabled={busy}
        onValuesChange={(c: Partial<Values>) => {
          // Another marketplace has other shops, templates and pricing templates; another shop other templates.
          if ('platform' in c) form.setFieldsValue({ store_id: undefined, template_id: undefined, pricing_template_id: 0 });
          if ('store_id' in c) form.setFieldValue('template_id', undefined);
          changed();
        }}
      >
        <Row gutter={24}>
          <Col span={24}>
            <Form.Item name="platform" label={t('publish.f.platform')}>
              <Radio.Group
                aria-label={t('publish.f.platform')}
                optionType="button"
                buttonStyle="solid"
                options={PUBLISH_PLATFORMS.map((p) => ({ value: p, label: t(`publish.platform.${p}`) }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="store_id"
              label={t('publish.f.store')}
              rules={[{ required: true, message: t('publish.v.store') }]}
              extra={
                unavailable > 0 && (
                  <Flex gap={8} align="baseline" wrap>
                    {t('publish.f.someUnavailable')}
                    {newTabLink('/stores', t('publish.f.connectShops'))}
                  </Flex>
                )
              }
            >
              <Select
                aria-label={t('publish.f.store')}
                placeholder={t('publish.f.storePh')}
                loading={marketplaces.isPending}
                notFoundContent={
                  <Flex vertical align="center" gap={4} style={{ padding: 8 }}>
                    {t('publish.f.noStores')}
                    {newTabLink('/stores', t('export.f.addStore'))}
                  </Flex>
                }
                options={shops.map((s) => {
                  const why = !s.connected ? t('publish.f.notConnected') : s.needs_reconnect ? t('publish.f.needsReconnect') : null;
                  return {
                    value: s.id,
                    disabled: why !== null,
                    label: (
                      <Flex justify="space-between" gap={8}>
                        <span>{s.name}</span>
                        {why && <Tag color={s.needs_reconnect ? 'error' : 'default'}>{why}</Tag>}
                      </Flex>
                    ),
                    title: s.name,
                  };
                })}
                optionLabelProp="title"
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item
              name="template_id"
              label={labelWithPage(t('publish.f.template'), templatesPagePath(platform), t('publish.f.manageTemplates'))}
              rules={[{ required: true, message: t('publish.v.template') }]}
            >
              <Select
                aria-label={t('publish.f.template')}
                disabled={shopId === undefined || busy}
                placeholder={shopId === undefined ? t('publish.f.templateNeedsStore') : t('publish.f.templatePh')}
                loading={templates.isFetching}
                notFoundContent={t('publish.f.noTemplates')}
                options={(templates.data ?? []).map((tpl) => ({ value: tpl.id, label: tpl.name }))}
              />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="pricing_template_id" label={t('publish.f.priceTemplate')}>
              <PriceTemplateSelect
                label={t('publish.f.priceTemplate')}
                defaultLabel={t('publish.f.systemDefault')}
                templates={priceTemplateOptions(priceTemplates.data?.list, platform, t)}
                loading={priceTemplates.isPending}
              />
            </Form.Item>
          </Col>
          <TitlePickers form={form} shop={shops.find((s) => s.id === shopId)} disabled={busy} />
        </Row>
      </Form>

      <VariantsSection
        previews={previews}
        loading={preview.isPending}
        error={preview.isError ? preview.error.message : variants.isError ? variants.error.message : undefined}
        fetchingVariants={variants.isFetching}
        infoOf={infoOf}
        picks={picks}
        onPicks={setProductPicks}
        disabled={busy}
      />

      <Flex vertical gap={12} ref={outcome}>
        <PublishOutcome report={report} failure={failure} sent={sent} keyOf={keyOf} />

        <Flex justify="end" gap={8} style={{ marginTop: 4 }}>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button onClick={() => void run(false)} disabled={busy} loading={preflight.isPending && !publish.isPending}>
            {t('publish.check')}
          </Button>
          {report && report.refused.length > 0 && report.ok_ids.length > 0 && (
            <Button type="primary" onClick={() => void publishOthers()} disabled={busy} loading={publish.isPending}>
              {t('publish.publishOthers', { n: report.ok_ids.length })}
            </Button>
          )}
          <Button
            type="primary"
            onClick={() => void run(true)}
            disabled={busy || (report !== undefined && report.refused.length > 0)}
            loading={busy && !(report && report.refused.length > 0)}
          >
            {t('publish.submit')}
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}
