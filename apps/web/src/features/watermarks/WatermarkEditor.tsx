import { useEffect, useMemo, useState } from 'react';
import { UploadOutlined } from '@ant-design/icons';
import {
  Alert,
  Button,
  Card,
  Col,
  ColorPicker,
  Flex,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Row,
  Select,
  Skeleton,
  Typography,
  Upload,
} from 'antd';
import { FONT_FAMILIES } from '@app/design';
import {
  WATERMARK_FONT_SIZE,
  WATERMARK_IMAGE_MAX_BYTES,
  WATERMARK_MARGIN,
  WATERMARK_NAME_MAX,
  WATERMARK_ROTATION,
  WATERMARK_TEXT_MAX,
  watermarkProblem,
  type WatermarkProblem,
} from '@app/contract';
import {
  ApiError,
  uploadWatermarkImage,
  type WatermarkPreviewBody,
  useAddWatermark,
  useUpdateWatermark,
  useWatermark,
  useWatermarkPreview,
} from '../../api';
import { useI18n } from '../../app/i18n';
import { PositionPicker, PreviewImage, SliderField } from './WatermarkControls';
import { fieldsOf, formOf, NEW_WATERMARK, type FormValues } from './watermarkForm';
import { useFeedback } from '../../app/feedback';

const FONTS = FONT_FAMILIES.map((f) => f.family);
/** How long the fields must rest before the preview is asked for (a dragged slider sends one request). */
const PREVIEW_DEBOUNCE_MS = 350;

/** `value` once it has stopped changing for `ms`. */
function useDebounced(value: string | null, ms: number): string | null {
  const [settledValue, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settledValue;
}

/**
 * The create/edit form of a watermark (`id` null: new) with its live preview on a sample mockup: the
 * fields are checked by the same watermarkProblem the server uses, then sent (debounced) to
 * POST /api/watermark/preview.
 */
export function WatermarkEditor({ id, onClose }: { id: number | null; onClose: () => void }) {
  const { t } = useI18n();
  const existing = useWatermark(id);
  const title = t(id === null ? 'wm.newTitle' : 'wm.editTitle');
  return (
    <Modal open title={title} onCancel={onClose} footer={null} width={1120} destroyOnHidden maskClosable={false}>
      {id !== null && existing.isPending ? (
        <Skeleton active />
      ) : id !== null && !existing.data ? (
        <Alert type="warning" showIcon title={t('wm.notFound')} />
      ) : (
        <EditorForm id={id} initial={existing.data ? formOf(existing.data) : NEW_WATERMARK} onClose={onClose} />
      )}
    </Modal>
  );
}

function EditorForm({ id, initial, onClose }: { id: number | null; initial: FormValues; onClose: () => void }) {
  const { t, m, lang } = useI18n();
  const { message } = useFeedback();
  const [form] = Form.useForm<FormValues>();
  const watched = Form.useWatch([], form) as Partial<FormValues> | undefined;
  const [triedSave, setTriedSave] = useState(false);
  const [uploading, setUploading] = useState(false);
  // The picture of an image watermark as the browser shows it: the stored file, or the fresh upload.
  const [shownImage, setShownImage] = useState(initial.type === 'image' ? initial.image_url : '');
  const add = useAddWatermark();
  const update = useUpdateWatermark();

  const values: FormValues = { ...initial, ...watched };
  const fields = fieldsOf(values);
  const problem = watermarkProblem(fields, FONTS);
  // The preview needs no name.
  const previewProblem = watermarkProblem({ ...fields, name: fields.name.trim() || '-' }, FONTS);
  const say = (p: WatermarkProblem) => m(p.key, p.params);
  // The body as text: what the debounce compares, so an unchanged form asks for nothing.
  const bodyKey = previewProblem ? null : JSON.stringify({ ...fields, name: '' });
  const settledKey = useDebounced(bodyKey, PREVIEW_DEBOUNCE_MS);
  const previewBody = useMemo(() => (settledKey === null ? null : (JSON.parse(settledKey) as WatermarkPreviewBody)), [settledKey]);
  const preview = useWatermarkPreview(previewBody, lang === 'zh' ? 'zh-CN' : 'en');

  const save = async () => {
    setTriedSave(true);
    if (problem) {
      void message.error(say(problem));
      return;
    }
    const sent = { ...fields, name: fields.name.trim() };
    await (id === null ? add.mutateAsync(sent) : update.mutateAsync({ id, ...sent }));
    void message.success(t('wm.saved'));
    onClose();
  };

  const onUpload = async (file: File) => {
    if (file.type !== 'image/png') {
      void message.error(m('watermarkImageNotPng'));
      return;
    }
    if (file.size > WATERMARK_IMAGE_MAX_BYTES) {
      void message.error(m('watermarkImageTooLarge'));
      return;
    }
    setUploading(true);
    try {
      const up = await uploadWatermarkImage(file);
      form.setFieldValue('image_url', up.image_url);
      setShownImage(up.url);
      void message.success(t('wm.uploaded'));
    } catch (e) {
      void message.error(e instanceof ApiError ? e.msg : String(e));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Row gutter={[24, 16]}>
      <Col xs={24} lg={13}>
        <Form<FormValues> form={form} layout="vertical" initialValues={initial} onFinish={() => void save()} requiredMark={false}>
          <Row gutter={16}>
            <Col xs={24} md={14}>
              <Form.Item name="name" label={t('wm.field.name')}>
                <Input maxLength={WATERMARK_NAME_MAX} showCount aria-label={t('wm.field.name')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={10}>
              <Form.Item name="type" label={t('wm.field.type')}>
                <Radio.Group
                  optionType="button"
                  buttonStyle="solid"
                  options={[
                    { value: 'text', label: t('wm.type.text') },
                    { value: 'image', label: t('wm.type.image') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Form.Item name="image_url" hidden>
              <Input />
            </Form.Item>
            {values.type === 'text' ? (
              <>
                <Col xs={24}>
                  <Form.Item name="text" label={t('wm.field.text')}>
                    <Input maxLength={WATERMARK_TEXT_MAX} showCount aria-label={t('wm.field.text')} />
                  </Form.Item>
                </Col>
                <Col xs={24} md={10}>
                  <Form.Item name="font_family" label={t('wm.field.font')}>
                    <Select
                      aria-label={t('wm.field.font')}
                      options={FONT_FAMILIES.map((f) => ({ value: f.family, label: f.label[lang] }))}
                    />
                  </Form.Item>
                </Col>
                <Col xs={12} md={6}>
                  <Form.Item
                    name="color"
                    label={t('wm.field.color')}
                    getValueFromEvent={(c: { toHexString(): string }) => c.toHexString().toUpperCase()}
                  >
                    <ColorPicker disabledAlpha showText format="hex" aria-label={t('wm.field.color')} />
                  </Form.Item>
                </Col>
                {/* No min/max on the size box: an out-of-range size is named by the shared rule, not silently clamped. */}
                <Col xs={12} md={8}>
                  <Form.Item name="font_size" label={t('wm.field.fontSize')} tooltip={t('wm.field.fontSizeHint')}>
                    <InputNumber
                      precision={0}
                      placeholder={`${WATERMARK_FONT_SIZE.min}–${WATERMARK_FONT_SIZE.max}`}
                      suffix="px"
                      style={{ width: '100%' }}
                      aria-label={t('wm.field.fontSize')}
                    />
                  </Form.Item>
                </Col>
              </>
            ) : (
              <Col xs={24}>
                <Form.Item label={t('wm.field.image')} extra={t('wm.field.imageHint')}>
                  <Flex gap={16} align="center">
                    {shownImage && (
                      <span style={{ display: 'inline-block', padding: 6, borderRadius: 6, background: '#8c9aab' }}>
                        <img
                          src={shownImage}
                          alt={t('wm.field.image')}
                          data-testid="wm-image"
                          style={{ display: 'block', maxHeight: 64, maxWidth: 200 }}
                        />
                      </span>
                    )}
                    <Upload
                      accept="image/png"
                      showUploadList={false}
                      beforeUpload={(file) => {
                        void onUpload(file);
                        return false;
                      }}
                    >
                      <Button icon={<UploadOutlined />} loading={uploading}>
                        {t(shownImage ? 'wm.reupload' : 'wm.upload')}
                      </Button>
                    </Upload>
                  </Flex>
                </Form.Item>
              </Col>
            )}
            <Col xs={24} md={9}>
              <Form.Item name="position" label={t('wm.field.position')}>
                <PositionPicker />
              </Form.Item>
            </Col>
            <Col xs={24} md={15}>
              <Form.Item name="scale" label={t('wm.field.scale')} tooltip={t('wm.field.scaleHint')}>
                <SliderField min={5} max={100} suffix="%" label={t('wm.field.scale')} />
              </Form.Item>
              <Form.Item name="opacity" label={t('wm.field.opacity')}>
                <SliderField min={0} max={100} suffix="%" label={t('wm.field.opacity')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="margin" label={t('wm.field.margin')} tooltip={t('wm.field.fontSizeHint')}>
                <SliderField
                  min={WATERMARK_MARGIN.min}
                  max={200}
                  inputMax={WATERMARK_MARGIN.max}
                  suffix="px"
                  label={t('wm.field.margin')}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="rotation" label={t('wm.field.rotation')}>
                <SliderField min={WATERMARK_ROTATION.min} max={WATERMARK_ROTATION.max} suffix="°" label={t('wm.field.rotation')} />
              </Form.Item>
            </Col>
          </Row>
          {triedSave && problem && (
            <div data-testid="save-problem" style={{ marginBottom: 16 }}>
              <Alert type="error" showIcon title={say(problem)} />
            </div>
          )}
          <Flex gap={8}>
            <Button type="primary" htmlType="submit" loading={add.isPending || update.isPending}>
              {t('common.save')}
            </Button>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
          </Flex>
        </Form>
      </Col>
      <Col xs={24} lg={11}>
        <Card size="small" title={t('wm.preview')} extra={<Typography.Text type="secondary">{t('wm.previewHint')}</Typography.Text>}>
          <PreviewImage blob={preview.data} loading={preview.isFetching} />
          {previewProblem ? (
            <div data-testid="preview-problem" style={{ marginTop: 12 }}>
              <Alert type="info" showIcon title={say(previewProblem)} />
            </div>
          ) : (
            preview.error && (
              <div style={{ marginTop: 12 }}>
                <Alert type="error" showIcon title={preview.error instanceof ApiError ? preview.error.msg : String(preview.error)} />
              </div>
            )
          )}
        </Card>
      </Col>
    </Row>
  );
}
