import { Form, Input, InputNumber, Modal, Radio, Typography } from 'antd';
import {
  BARCODE_IMPORT_MAX,
  BARCODE_MAKER_NAME_MAX,
  GENERATED_TYPES,
  itemReferenceDigits,
  type BarcodeMaker,
  type GeneratedType,
} from '@app/contract';
import { useCreateBarcodes } from '../../api';
import { useFeedback } from '../../app/feedback';
import { useI18n } from '../../app/i18n';

interface Values {
  name?: string;
  prefix?: string;
  code_type?: GeneratedType;
  start?: number;
  count: number;
}

/**
 * Generating codes from a GS1 company prefix and running item references (docs/listing-tools.md#barcodes): a new
 * generator (name, prefix, type, first reference, count), or more of one from its next reference.
 */
export function GenerateDialog({ maker, onClose }: { maker?: BarcodeMaker | undefined; onClose: () => void }) {
  const { t } = useI18n();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const create = useCreateBarcodes();
  const prefix = Form.useWatch('prefix', form) ?? maker?.prefix ?? '';
  const type = (Form.useWatch('code_type', form) ?? maker?.code_type ?? 'EAN') as GeneratedType;
  const digits = /^\d{6,}$/.test(prefix) ? itemReferenceDigits(prefix, type) : 0;

  const onFinish = (v: Values) =>
    create.mutate(
      maker
        ? { maker_id: maker.id, count: v.count, ...(v.start !== undefined && v.start !== null ? { start: v.start } : {}) }
        : {
            name: (v.name ?? '').trim(),
            prefix: (v.prefix ?? '').trim(),
            code_type: v.code_type ?? 'EAN',
            start: v.start ?? 0,
            count: v.count,
          },
      {
        onSuccess: (r) => {
          void message.success(t('barcodes.generated', { added: r.added, skipped: r.skipped }));
          onClose();
        },
      },
    );

  return (
    <Modal
      open
      title={maker ? t('barcodes.generateMoreTitle', { name: maker.name }) : t('barcodes.generateTitle')}
      okText={t('barcodes.generateSubmit')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={create.isPending}
      destroyOnHidden
      width={480}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={{ code_type: 'EAN', start: maker?.next_ref ?? 0, count: 100 }}
        style={{ marginTop: 16 }}
      >
        {!maker && (
          <>
            <Form.Item
              name="name"
              label={t('barcodes.generateName')}
              rules={[{ required: true, whitespace: true, message: t('barcodes.generateName') }]}
            >
              <Input maxLength={BARCODE_MAKER_NAME_MAX} aria-label={t('barcodes.generateName')} />
            </Form.Item>
            <Form.Item
              name="prefix"
              label={t('barcodes.prefix')}
              extra={t('barcodes.prefixHint')}
              rules={[{ required: true, pattern: /^\d{6,11}$/, message: t('barcodes.prefixHint') }]}
            >
              <Input inputMode="numeric" maxLength={11} aria-label={t('barcodes.prefix')} style={{ fontFamily: 'monospace' }} />
            </Form.Item>
            <Form.Item name="code_type" label={t('barcodes.codeType')}>
              <Radio.Group optionType="button" options={GENERATED_TYPES.map((g) => ({ value: g, label: t(`barcodes.type.${g}`) }))} />
            </Form.Item>
          </>
        )}
        <Form.Item name="start" label={t('barcodes.start')}>
          <InputNumber min={maker?.next_ref ?? 0} precision={0} style={{ width: '100%' }} aria-label={t('barcodes.start')} />
        </Form.Item>
        <Form.Item name="count" label={t('barcodes.count')} rules={[{ required: true, message: t('barcodes.count') }]}>
          <InputNumber min={1} max={BARCODE_IMPORT_MAX} precision={0} style={{ width: '100%' }} aria-label={t('barcodes.count')} />
        </Form.Item>
        {digits > 0 && (
          <Typography.Text type="secondary">{t('barcodes.capacityHint', { capacity: (10 ** digits).toLocaleString() })}</Typography.Text>
        )}
      </Form>
    </Modal>
  );
}
