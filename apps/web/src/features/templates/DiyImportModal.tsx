import { useState } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Modal, Typography, Upload } from 'antd';
import { DIY_TEMPLATE_MAX_BYTES } from '@app/contract';
import { useDiyImport } from '../../api';
import { useI18n } from '../../app/i18n';
import { NameField, ShopField } from './TemplateFormParts';
import { useFeedback } from '../../app/feedback';

interface Values {
  store_id: number;
  name: string;
}

/** A new Amazon template from the seller's own template file (POST /api/template/diyImport). */
export function DiyImportModal({ onClose }: { onClose: () => void }) {
  const { t, m } = useI18n();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const diy = useDiyImport();

  const onFinish = (v: Values) => {
    if (!file) return setFileError(t('tpl.diyNeedFile'));
    diy.mutate(
      { file, store_id: v.store_id, name: v.name.trim() },
      {
        onSuccess: (r) => {
          void message.success(t('tpl.diyDone', { n: r.custom_columns }));
          onClose();
        },
      },
    );
  };

  return (
    <Modal
      open
      title={t('tpl.diyTitle')}
      okText={t('common.create')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={diy.isPending}
      destroyOnHidden
      width={520}
    >
      <Typography.Paragraph type="secondary">{t('tpl.diyHint')}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" requiredMark={false} onFinish={onFinish}>
        <ShopField kind="amazon" />
        <NameField />
        <Form.Item label={t('tpl.diyChoose')} validateStatus={fileError ? 'error' : undefined} help={fileError ?? undefined}>
          <Upload
            accept=".xlsx,.xlsm"
            maxCount={1}
            fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
            onRemove={() => setFile(null)}
            beforeUpload={(f) => {
              // Checked here as the server checks it, so a seller does not send 10 MB for nothing.
              if (f.size > DIY_TEMPLATE_MAX_BYTES) setFileError(m('templateDiyTooLarge'));
              else if (!/\.(xlsx|xlsm)$/i.test(f.name)) setFileError(m('templateDiyFormat'));
              else {
                setFile(f);
                setFileError(null);
              }
              return false;
            }}
          >
            <Button icon={<UploadOutlined />}>{t('tpl.diyChoose')}</Button>
          </Upload>
        </Form.Item>
      </Form>
    </Modal>
  );
}
