import { useState } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Modal, Radio, Select, Table, Typography, Upload } from 'antd';
import { BARCODE_MAKER_NAME_MAX, type BarcodeImportAnswer, type BarcodeMaker } from '@app/contract';
import { useImportBarcodes } from '../../api';
import { useFeedback } from '../../app/feedback';
import { useI18n } from '../../app/i18n';

interface Values {
  maker: number;
  name?: string;
  source: 'paste' | 'file';
  codes?: string;
}

/**
 * Importing codes into a pool, new or the seller's (docs/listing-tools.md#barcodes): pasted one per line, or an
 * .xlsx / .csv. The valid lines are stored; the report lists each refused line with its number and why.
 */
export function ImportDialog({
  maker,
  makers,
  onClose,
}: {
  maker?: BarcodeMaker | undefined;
  makers: BarcodeMaker[];
  onClose: () => void;
}) {
  const { t } = useI18n();
  const { message } = useFeedback();
  const [form] = Form.useForm<Values>();
  const target = Form.useWatch('maker', form) ?? maker?.id ?? 0;
  const source = Form.useWatch('source', form) ?? 'paste';
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<BarcodeImportAnswer | null>(null);
  const importCodes = useImportBarcodes();
  const pools = makers.filter((m) => m.kind === 'pool');

  const onFinish = (v: Values) => {
    const into = v.maker ? { maker_id: v.maker } : { name: (v.name ?? '').trim() };
    importCodes.mutate(v.source === 'file' && file ? { ...into, file } : { ...into, codes: v.codes ?? '' }, {
      onSuccess: (r) => {
        if (r.refused_count === 0) {
          void message.success(t('barcodes.importDone', { added: r.added }));
          onClose();
        } else setReport(r);
      },
    });
  };

  if (report)
    return (
      <Modal
        open
        title={t('barcodes.importTitle')}
        onCancel={onClose}
        footer={<Button onClick={onClose}>{t('barcodes.close')}</Button>}
        width={640}
      >
        <Alert
          type={report.added > 0 ? 'warning' : 'error'}
          showIcon
          message={t('barcodes.reportTitle', { added: report.added, refused: report.refused_count })}
          description={
            report.refused_count > report.refused.length ? t('barcodes.reportMore', { shown: report.refused.length }) : undefined
          }
          style={{ marginBottom: 12 }}
        />
        <Table
          rowKey={(r) => `${r.line}:${r.text}`}
          size="small"
          dataSource={report.refused}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          columns={[
            { title: t('barcodes.col.line'), dataIndex: 'line', width: 70 },
            { title: t('barcodes.col.text'), dataIndex: 'text', render: (s: string) => <Typography.Text code>{s}</Typography.Text> },
            { title: t('barcodes.col.reason'), dataIndex: 'reason' },
          ]}
        />
      </Modal>
    );

  return (
    <Modal
      open
      title={t('barcodes.importTitle')}
      okText={t('barcodes.importSubmit')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={importCodes.isPending}
      okButtonProps={{ disabled: source === 'file' && !file }}
      destroyOnHidden
      width={560}
    >
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={onFinish}
        initialValues={{ maker: maker?.id ?? 0, source: 'paste' }}
        style={{ marginTop: 16 }}
      >
        <Form.Item name="maker" label={t('barcodes.importInto')}>
          <Select
            aria-label={t('barcodes.importInto')}
            options={[{ value: 0, label: t('barcodes.newPool') }, ...pools.map((m) => ({ value: m.id, label: m.name }))]}
          />
        </Form.Item>
        {target === 0 && (
          <Form.Item
            name="name"
            label={t('barcodes.poolName')}
            rules={[{ required: true, whitespace: true, message: t('barcodes.poolName') }]}
          >
            <Input maxLength={BARCODE_MAKER_NAME_MAX} placeholder={t('barcodes.poolNamePlaceholder')} aria-label={t('barcodes.poolName')} />
          </Form.Item>
        )}
        <Form.Item name="source" label={t('barcodes.source')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'paste', label: t('barcodes.source.paste') },
              { value: 'file', label: t('barcodes.source.file') },
            ]}
          />
        </Form.Item>
        {source === 'paste' ? (
          <Form.Item name="codes" label={t('barcodes.codesLabel')}>
            <Input.TextArea
              rows={8}
              placeholder={t('barcodes.codesPlaceholder')}
              aria-label={t('barcodes.codesLabel')}
              style={{ fontFamily: 'monospace' }}
            />
          </Form.Item>
        ) : (
          <Form.Item label={t('barcodes.fileLabel')} extra={t('barcodes.fileHint')}>
            <Upload
              accept=".xlsx,.csv"
              maxCount={1}
              beforeUpload={(f) => {
                setFile(f);
                return false;
              }}
              onRemove={() => setFile(null)}
            >
              <Button icon={<UploadOutlined />}>{t('barcodes.chooseFile')}</Button>
            </Upload>
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
