import { useEffect, useState } from 'react';
import { ExpandOutlined, ReloadOutlined, ScissorOutlined } from '@ant-design/icons';
import { Empty, Flex, Image, Select, Spin, Typography } from 'antd';
import type { ProductDetail } from '@app/contract';
import { useMockupPreview } from '../../api';
import { IconButton } from '../../app/components';
import { useI18n } from '../../app/i18n';
import { buildSave, type EditorState, type PreviewBody } from './model';

/** Quiet time after the last edit before the live preview asks for new mockups. */
const PREVIEW_DEBOUNCE_MS = 700;

export interface MockupPreviewProps {
  state: EditorState;
  product: ProductDetail;
  /** The SKU being designed: previewed first. */
  attrId: number;
  /** Opens the full-size cutpiece preview. */
  onViewCutpiece: () => void;
}

/**
 * The live mockup preview of docs/editor.md#the-screen (save mode 0, `POST /api/design/mockupPreview`): the design on the
 * blank of the chosen colour, refreshed a moment after each edit, with view-large and view-cutpiece. The
 * server composes with the same renderer as the finished products, so this is what the seller will get.
 */
export function MockupPreview({ state, product, attrId, onViewCutpiece }: MockupPreviewProps) {
  const { t } = useI18n();
  const [skuId, setSkuId] = useState(attrId);
  const [large, setLarge] = useState<number | null>(null);
  const outcome = buildSave(state, 0, { attrId: skuId });
  const body = outcome.kind === 'request' ? (outcome.request.body as PreviewBody) : null;
  const hasDesign = body !== null && state.areaList.some((a) => (state.areas[a.id] ?? state.saved[a.id])?.layers.length);

  // The body asked for lags the edits by the debounce, so a drag does not send a request per frame. Only a
  // design is asked for: the empty one of a moment ago would show the blank product while the seller edits.
  const wanted = hasDesign ? body : null;
  const [asked, setAsked] = useState<PreviewBody | null>(wanted);
  const bodyKey = JSON.stringify(wanted);
  useEffect(() => {
    const timer = setTimeout(() => setAsked(JSON.parse(bodyKey) as PreviewBody | null), PREVIEW_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [bodyKey]);

  const preview = useMockupPreview(asked, hasDesign);
  const shown = preview.data?.list.find((l) => l.attr_id === skuId);
  // Another SKU chosen: its mockups are on their way (the debounce, then the request), so the last ones stay,
  // under the spinner, instead of the "add an image or text" of an empty design.
  const switching = preview.data !== undefined && shown === undefined;
  const images = shown?.images ?? preview.data?.list[0]?.images ?? [];
  const skus = product.attr_list;

  return (
    <Flex vertical gap={6} data-testid="mockup-preview">
      <Flex align="center" gap={4}>
        <Typography.Text type="secondary" style={{ flex: 1 }}>
          {t('editor.preview')}
        </Typography.Text>
        <IconButton
          size="small"
          type="text"
          label={t('editor.previewUpdate')}
          icon={<ReloadOutlined />}
          disabled={!hasDesign}
          onClick={() => (JSON.stringify(asked) === bodyKey ? void preview.refetch() : setAsked(wanted))}
        />
        <IconButton
          size="small"
          type="text"
          label={t('editor.viewLarge')}
          icon={<ExpandOutlined />}
          disabled={images.length === 0}
          onClick={() => setLarge(0)}
        />
        <IconButton
          size="small"
          type="text"
          label={t('editor.viewCutpiece')}
          icon={<ScissorOutlined />}
          disabled={!hasDesign}
          onClick={onViewCutpiece}
        />
      </Flex>
      {skus.length > 1 && (
        <Select
          size="small"
          aria-label={t('editor.previewSku')}
          value={skuId}
          onChange={setSkuId}
          options={skus.map((s) => ({ value: s.id, label: `${s.color} / ${s.size}` }))}
        />
      )}
      <Spin spinning={preview.isFetching || switching}>
        {!hasDesign || images.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={preview.isError ? preview.error.message : t('editor.previewEmpty')} />
        ) : (
          <Image.PreviewGroup
            items={images}
            preview={{ open: large !== null, current: large ?? 0, onOpenChange: (open) => !open && setLarge(null), onChange: setLarge }}
          >
            <Flex wrap gap={4}>
              {images.map((src, i) => (
                <Image
                  key={src}
                  src={src}
                  alt={t('editor.preview')}
                  width={images.length === 1 ? 290 : 142}
                  style={{ background: '#fafafa', borderRadius: 6 }}
                  preview={false}
                  onClick={() => setLarge(i)}
                />
              ))}
            </Flex>
          </Image.PreviewGroup>
        )}
      </Spin>
    </Flex>
  );
}
