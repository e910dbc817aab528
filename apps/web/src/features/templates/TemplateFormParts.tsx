import type { ReactNode } from 'react';
import type { UseMutationResult } from '@tanstack/react-query';
import { Button, Divider, Drawer, Form, Input, Space, type FormInstance } from 'antd';
import { TEMPLATE_NAME_MAX } from '@app/contract';
import { useI18n, type StringKey } from '../../app/i18n';
import { ShopSelect } from './ShopSelect';
import type { ShopKind } from './shops';
import { useFeedback } from '../../app/feedback';

/** The title of a group of a template form's fields (类目, 商品信息, 物流与服务…), on a plain line before them. */
export function FormSection({ children }: { children: ReactNode }) {
  return (
    <Divider titlePlacement="start" plain>
      {children}
    </Divider>
  );
}

/** The shop of a template, limited to the kind's marketplace; required. */
export function ShopField({ kind }: { kind: ShopKind }) {
  const { t } = useI18n();
  return (
    <Form.Item
      name="store_id"
      label={t('tpl.field.shop')}
      rules={[{ required: true, message: t('tpl.choose', { field: t('tpl.field.shop') }) }]}
    >
      <ShopSelect kind={kind} />
    </Form.Item>
  );
}

/** The template's name: required, at most TEMPLATE_NAME_MAX characters (the server says the same). */
export function NameField() {
  const { t } = useI18n();
  const fieldName = t('tpl.field.name');
  return (
    <Form.Item
      name="name"
      label={fieldName}
      rules={[
        { required: true, whitespace: true, message: t('validate.required', { field: fieldName }) },
        { max: TEMPLATE_NAME_MAX, message: t('validate.tooLong', { field: fieldName, max: TEMPLATE_NAME_MAX }) },
      ]}
    >
      <Input autoComplete="off" placeholder={fieldName} />
    </Form.Item>
  );
}

/** The create/edit drawer of a template kind, with cancel and save at the top. */
export function TemplateDrawer(props: {
  kindName: string;
  editing: boolean;
  size: number;
  saving: boolean;
  saveDisabled?: boolean;
  onClose: () => void;
  onSave: () => void;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <Drawer
      open
      size={props.size}
      title={props.editing ? t('tpl.editTitle', { kind: props.kindName }) : t('tpl.newTitle', { kind: props.kindName })}
      onClose={props.onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={props.onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={props.saving} onClick={props.onSave} disabled={props.saveDisabled ?? false}>
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      {props.children}
    </Drawer>
  );
}

/** A kind's name in its drawer's title (新建简易模板, 编辑速卖通模板). */
const KIND_NAMES: Record<ShopKind, StringKey> = {
  amazon: 'tpl.tab.amazon',
  simple: 'tpl.tab.simple',
  walmart: 'tpl.tab.walmart',
  aliexpress: 'mtpl.kind.aliexpress',
  tiktok: 'mtpl.kind.tiktok',
};

/**
 * A template kind's drawer holding its form: the shop (of the kind's marketplace) and the name first, then the
 * kind's own fields. `row` is the template edited (null: a new one); save submits the form, and shows it busy
 * while `save` runs.
 */
export function TemplateFormDrawer<V>(props: {
  kind: ShopKind;
  row: object | null;
  form: FormInstance<V>;
  save: { isPending: boolean };
  onFinish: (values: V) => void;
  onClose: () => void;
  /** The drawer's width, px; default 620. */
  size?: number;
  children: ReactNode;
}) {
  const { t } = useI18n();
  return (
    <TemplateDrawer
      kindName={t(KIND_NAMES[props.kind])}
      editing={props.row !== null}
      size={props.size ?? 620}
      saving={props.save.isPending}
      onClose={props.onClose}
      onSave={() => props.form.submit()}
    >
      <Form<V> form={props.form} layout="vertical" requiredMark={false} onFinish={props.onFinish}>
        <ShopField kind={props.kind} />
        <NameField />
        {props.children}
      </Form>
    </TemplateDrawer>
  );
}

/** A template drawer's save: on success it says "saved" with the template's name and closes the drawer. */
export function useSaveThenClose<B>(save: UseMutationResult<{ name: string }, Error, B>, onClose: () => void) {
  const { t } = useI18n();
  const { message } = useFeedback();
  return (body: B) =>
    save.mutate(body, {
      onSuccess: (r) => {
        void message.success(t('tpl.saved', { name: r.name }));
        onClose();
      },
    });
}
