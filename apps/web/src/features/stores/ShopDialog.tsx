import { useEffect } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { MARKETPLACES, STORE_NAME_MAX, type Store } from '@app/contract';
import { useAddStore, useRenameStore } from '../../api';
import { useI18n } from '../../app/i18n';

/** What the dialog does: add a shop (on a marketplace chosen in advance, or to choose), or rename one. */
export type ShopDialogMode = { kind: 'add'; pid?: number } | { kind: 'rename'; shop: Store };

interface Values {
  pid: number;
  name: string;
}

/**
 * Adding (marketplace + name) or renaming a shop. The name is checked here as the server checks it (1–50
 * characters after trimming); a duplicate is the server's to refuse, and its message is toasted.
 */
export function ShopDialog({ mode, onClose, onDone }: { mode: ShopDialogMode; onClose: () => void; onDone: (name: string) => void }) {
  const { t, lang } = useI18n();
  const [form] = Form.useForm<Values>();
  const add = useAddStore();
  const rename = useRenameStore();
  const adding = mode.kind === 'add';

  useEffect(() => {
    form.setFieldsValue(adding ? { pid: mode.pid, name: '' } : { name: mode.shop.name });
  }, [form, mode, adding]);

  const onFinish = ({ pid, name }: Values) => {
    const done = (s: Store) => onDone(s.name);
    if (adding) add.mutate({ pid, name: name.trim() }, { onSuccess: done });
    else rename.mutate({ id: mode.shop.id, name: name.trim() }, { onSuccess: done });
  };
  const field = t('stores.field.name');

  return (
    <Modal
      open
      title={adding ? t('stores.add') : t('stores.renameTitle')}
      okText={adding ? t('common.create') : t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={add.isPending || rename.isPending}
      destroyOnHidden
      width={440}
    >
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={onFinish} style={{ marginTop: 16 }}>
        {adding && (
          <Form.Item name="pid" label={t('stores.field.platform')} rules={[{ required: true, message: t('stores.choosePlatform') }]}>
            <Select
              aria-label={t('stores.field.platform')}
              options={MARKETPLACES.map((m) => ({ value: m.code, label: m.name[lang] }))}
              placeholder={t('stores.choosePlatform')}
            />
          </Form.Item>
        )}
        <Form.Item
          name="name"
          label={field}
          rules={[
            { required: true, whitespace: true, message: t('validate.required', { field }) },
            {
              validator: (_, v: string | undefined) =>
                [...(v ?? '').trim()].length > STORE_NAME_MAX
                  ? Promise.reject(new Error(t('validate.tooLong', { field, max: STORE_NAME_MAX })))
                  : Promise.resolve(),
            },
          ]}
        >
          <Input autoComplete="off" autoFocus placeholder={field} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
