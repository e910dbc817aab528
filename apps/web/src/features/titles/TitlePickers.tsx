import { useEffect } from 'react';
import { Button, Col, Form, Select, type FormInstance } from 'antd';
import type { Store } from '@app/contract';
import { useKeywordSets, useSetShopTitleDefaults, useTitleTemplates } from '../../api';
import { labelWithPage } from '../../app/components';
import { useFeedback } from '../../app/feedback';
import { useI18n } from '../../app/i18n';

/** The form fields the pickers fill (0: none). */
export interface TitleChoices {
  title_template_id: number;
  keyword_set_id: number;
}
export const TITLE_CHOICE_DEFAULTS: TitleChoices = { title_template_id: 0, keyword_set_id: 0 };

/**
 * The title template and keyword set of the export dialog and the publish tab (docs/listing-tools.md#shop-defaults):
 * two fields of the surrounding form, set to the shop's defaults whenever another shop is chosen, and a button that
 * makes the current choice the shop's defaults. Two columns of the form's row.
 */
export function TitlePickers({
  form,
  shop,
  disabled,
  span = 12,
}: {
  form: FormInstance;
  shop: Store | undefined;
  disabled: boolean;
  span?: number;
}) {
  const { t } = useI18n();
  const { message } = useFeedback();
  // A page of 100 each: what a seller keeps at hand (docs/limits.md#the-list).
  const templates = useTitleTemplates({ pageNumber: 1, pageSize: 100 });
  const sets = useKeywordSets({ pageNumber: 1, pageSize: 100 });
  const saveDefaults = useSetShopTitleDefaults();
  const shopId = shop?.id;
  const template = Form.useWatch('title_template_id', form) as number | undefined;
  const set = Form.useWatch('keyword_set_id', form) as number | undefined;

  // Another shop: its defaults (0 when it has none); a default no longer listed is none.
  useEffect(() => {
    if (shopId === undefined || !shop) return;
    form.setFieldsValue({ title_template_id: shop.title_template_id, keyword_set_id: shop.keyword_set_id });
    // Only when the shop changes: the seller's own choice afterwards stays.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [shopId]);

  const isDefault = shop !== undefined && shop.title_template_id === (template ?? 0) && shop.keyword_set_id === (set ?? 0);
  const save = () => {
    if (shopId === undefined) return;
    saveDefaults.mutate(
      { id: shopId, title_template_id: template ?? 0, keyword_set_id: set ?? 0 },
      { onSuccess: () => void message.success(t('titles.pick.savedDefault')), onError: (e) => void message.error(e.message) },
    );
  };

  return (
    <>
      <Col span={span}>
        <Form.Item name="title_template_id" label={labelWithPage(t('titles.pick.template'), '/title-templates', t('titles.pick.manage'))}>
          <Select
            aria-label={t('titles.pick.template')}
            loading={templates.isPending}
            showSearch
            optionFilterProp="label"
            options={[
              { value: 0, label: t('titles.noTemplate') },
              ...(templates.data?.list ?? []).map((x) => ({ value: x.id, label: x.name })),
            ]}
          />
        </Form.Item>
      </Col>
      <Col span={span}>
        <Form.Item
          name="keyword_set_id"
          label={labelWithPage(t('titles.pick.keywordSet'), '/keyword-sets', t('titles.pick.manage'))}
          extra={
            shopId !== undefined &&
            !isDefault && (
              <Button type="link" size="small" style={{ padding: 0 }} disabled={disabled} loading={saveDefaults.isPending} onClick={save}>
                {t('titles.pick.saveDefault')}
              </Button>
            )
          }
        >
          <Select
            aria-label={t('titles.pick.keywordSet')}
            loading={sets.isPending}
            showSearch
            optionFilterProp="label"
            options={[
              { value: 0, label: t('titles.noKeywordSet') },
              ...(sets.data?.list ?? []).map((x) => ({ value: x.id, label: x.name })),
            ]}
          />
        </Form.Item>
      </Col>
    </>
  );
}
