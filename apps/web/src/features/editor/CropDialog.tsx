import { useEffect, useRef, useState } from 'react';
import type Konva from 'konva';
import { Group, Image as KonvaImage, Layer as KonvaLayer, Rect, Stage, Transformer } from 'react-konva';
import { ReloadOutlined, RotateRightOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons';
import { Button, Checkbox, Flex, Modal, Result, Space, Spin, Typography } from 'antd';
import { UPLOAD_LIMIT_BYTES, type MaterialItem } from '@app/contract';
import type { Layer } from '@app/design';
import { ApiError, useUploadMaterial } from '../../api';
import { useI18n } from '../../app/i18n';
import {
  cropOutputSize,
  cropTransform,
  cropViewScale,
  initialCrop,
  moveCropBox,
  resizeCropBox,
  rotateCrop,
  turnedSize,
  turnPlacement,
  zoomCrop,
  type Crop,
} from './model';
import { useFeedback } from '../../app/feedback';

/** The stage the original is fitted in (zoom 1). */
const STAGE = { width: 500, height: 500 };
const CORNERS = ['top-left', 'top-right', 'bottom-left', 'bottom-right'];
const ALL_ANCHORS = [...CORNERS, 'top-center', 'middle-left', 'middle-right', 'bottom-center'];
const BOX_COLOR = '#1677ff';

export interface CropDialogProps {
  open: boolean;
  /** The layer to crop: an image that is not tiled (`canCrop`). Nothing is shown without one. */
  layer: Layer | undefined;
  onCancel: () => void;
  /** The cut is stored as a new material (`uploadCrop`); the page puts it in the layer (`replaceLayerImage`). */
  onCropped: (material: MaterialItem) => void;
}

/**
 * The crop dialog (docs/editor.md#materials, crop): the layer's original image with a crop box, zoom, rotate, reset, cancel
 * and confirm. The geometry is model/crop.ts; this draws it and passes the seller's gestures in.
 */
export function CropDialog({ open, layer, onCancel, onCropped }: CropDialogProps) {
  const { t } = useI18n();
  const [busy, setBusy] = useState(false);
  const src = layer ? layer.src1 || layer.src : '';
  return (
    <Modal
      open={open}
      title={t('editor.cropTitle')}
      onCancel={onCancel}
      footer={null}
      width={STAGE.width + 48}
      // While the cut uploads the dialog stays: closing it would leave a material the layer never gets.
      closable={!busy}
      keyboard={!busy}
      mask={{ closable: false }}
      destroyOnHidden
    >
      {layer && src && (
        <CropEditor key={src} layer={layer} src={src} busy={busy} setBusy={setBusy} onCancel={onCancel} onCropped={onCropped} />
      )}
    </Modal>
  );
}

type Original = { src: string; image: HTMLImageElement } | { src: string; failed: true };

/** The decoded original: undefined while it loads, null when it cannot be loaded. */
function useOriginal(src: string): HTMLImageElement | null | undefined {
  const [loaded, setLoaded] = useState<Original | null>(null);
  useEffect(() => {
    const image = new Image();
    // As the canvas's ImageCache: an image from another origin would taint the canvas the cut is drawn on.
    image.crossOrigin = 'anonymous';
    image.onload = () => setLoaded({ src, image });
    image.onerror = () => setLoaded({ src, failed: true });
    image.src = src;
    return () => {
      image.onload = null;
      image.onerror = null;
    };
  }, [src]);
  if (loaded?.src !== src) return undefined;
  return 'image' in loaded ? loaded.image : null;
}

/**
 * The cut at the original's resolution, turned, as PNG. Null when the browser cannot make it: its canvas
 * has a size limit, which only a cut far over the 20 MB limit reaches.
 */
function drawCut(image: HTMLImageElement, crop: Crop): Promise<Blob | null> {
  const { width, height } = cropOutputSize(crop);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) return Promise.resolve(null);
  ctx.setTransform(...cropTransform(crop));
  ctx.drawImage(image, 0, 0);
  return new Promise((resolve) => canvas.toBlob(resolve, 'image/png'));
}

interface CropEditorProps {
  layer: Layer;
  src: string;
  busy: boolean;
  setBusy: (busy: boolean) => void;
  onCancel: () => void;
  onCropped: (material: MaterialItem) => void;
}

/** The dialog's content, mounted afresh for each original (the Modal destroys it when hidden). */
function CropEditor({ layer, src, busy, setBusy, onCancel, onCropped }: CropEditorProps) {
  const { t, m } = useI18n();
  const { message } = useFeedback();
  const storeMaterial = useUploadMaterial();
  const original = useOriginal(src);
  const [edited, setEdited] = useState<Crop | null>(null);
  const [keepRatio, setKeepRatio] = useState(true);
  // How far the seller dragged the picture from its centred place, in stage pixels.
  const [pan, setPan] = useState({ x: 0, y: 0 });
  const boxNode = useRef<Konva.Rect>(null);
  const clipNode = useRef<Konva.Group>(null);
  const transformer = useRef<Konva.Transformer>(null);

  const crop = edited ?? (original ? initialCrop({ width: original.naturalWidth, height: original.naturalHeight }) : null);
  const ready = crop !== null;

  useEffect(() => {
    transformer.current?.nodes(boxNode.current ? [boxNode.current] : []);
    transformer.current?.getLayer()?.batchDraw();
  }, [ready]);

  if (original === null) return <Result status="warning" title={t('editor.cropLoadFailed')} />;
  if (!original || !crop)
    return (
      <Flex justify="center" align="center" style={{ height: STAGE.height }}>
        <Spin description={t('editor.cropLoading')}>
          <div style={{ width: 1, height: 1 }} />
        </Spin>
      </Flex>
    );

  const scale = cropViewScale(crop, STAGE);
  const turned = turnedSize(crop.source, crop.rotation);
  const place = turnPlacement(crop.source, crop.rotation);
  // The turned picture's top-left on the stage: centred, then where the seller dragged it.
  const origin = {
    x: (STAGE.width - turned.width * scale) / 2 + pan.x,
    y: (STAGE.height - turned.height * scale) / 2 + pan.y,
  };
  const { box } = crop;
  // A box as large as the picture cannot move: dragging it moves the view instead (its Group pans).
  const boxMovable = !busy && (box.width < turned.width || box.height < turned.height);
  const output = cropOutputSize(crop);
  const zoomedIn = zoomCrop(crop, 1);
  const zoomedOut = zoomCrop(crop, -1);

  const zoomTo = (next: Crop) => {
    if (next === crop) return;
    // The point of the picture under the stage centre stays there.
    const k = next.zoom / crop.zoom;
    setPan((p) => ({ x: p.x * k, y: p.y * k }));
    setEdited(next);
  };
  const rotate = () => {
    setEdited(rotateCrop(crop));
    setPan({ x: 0, y: 0 });
  };
  const reset = () => {
    setEdited(null);
    setKeepRatio(true);
    setPan({ x: 0, y: 0 });
  };
  const toggleRatio = (on: boolean) => {
    setKeepRatio(on);
    if (on) setEdited(resizeCropBox(crop, box, true));
  };

  /** Puts the box node (and the bright clip) on a box of the model, which react-konva would not redo for unchanged props. */
  const showBox = (b: Crop['box']) => {
    boxNode.current?.setAttrs({ ...b, scaleX: 1, scaleY: 1 });
    clipNode.current?.clip(b);
  };
  /** The box as the node shows it mid-gesture, in picture pixels. */
  const liveBox = (node: Konva.Node) => ({
    x: node.x(),
    y: node.y(),
    width: node.width() * node.scaleX(),
    height: node.height() * node.scaleY(),
  });

  const confirm = async () => {
    setBusy(true);
    try {
      const cut = await drawCut(original, crop);
      if (!cut || cut.size > UPLOAD_LIMIT_BYTES) {
        void message.error(m('cropTooLarge'));
        return;
      }
      const form = new FormData();
      form.append('file', cut, 'crop.png');
      // The server files the cut with the material it came from (owner, folder, keywords).
      if (layer.sourceid !== null) form.append('source_id', String(layer.sourceid));
      onCropped(await storeMaterial('materialUploadCrop', form));
    } catch (e) {
      void message.error(e instanceof ApiError ? e.msg : m('badParameters'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex vertical gap={12}>
      <div data-testid="crop-stage" style={{ width: STAGE.width, height: STAGE.height, background: '#f0f0f0', overflow: 'hidden' }}>
        <Stage
          width={STAGE.width}
          height={STAGE.height}
          onWheel={(e) => {
            e.evt.preventDefault();
            if (!busy) zoomTo(e.evt.deltaY < 0 ? zoomedIn : zoomedOut);
          }}
        >
          <KonvaLayer>
            <Group
              x={origin.x}
              y={origin.y}
              scaleX={scale}
              scaleY={scale}
              draggable={!busy}
              onDragEnd={(e) => {
                // The box's own drags bubble up here: only a drag of the picture pans.
                if (e.target !== e.currentTarget) return;
                setPan({ x: pan.x + e.target.x() - origin.x, y: pan.y + e.target.y() - origin.y });
              }}
            >
              {/* The picture dimmed, and bright again inside the box. */}
              <KonvaImage image={original} {...place} opacity={0.4} />
              <Group ref={clipNode} clip={box} listening={false}>
                <KonvaImage image={original} {...place} />
              </Group>
              <Rect
                ref={boxNode}
                {...box}
                fill="rgba(0,0,0,0)"
                stroke={BOX_COLOR}
                strokeWidth={1}
                strokeScaleEnabled={false}
                draggable={boxMovable}
                onDragMove={(e) => {
                  const next = moveCropBox(crop, e.target.x(), e.target.y());
                  e.target.position({ x: next.box.x, y: next.box.y });
                  clipNode.current?.clip(next.box);
                }}
                onDragEnd={(e) => {
                  const next = moveCropBox(crop, e.target.x(), e.target.y());
                  showBox(next.box);
                  setEdited(next);
                }}
                onTransform={(e) => clipNode.current?.clip(liveBox(e.target))}
                onTransformEnd={(e) => {
                  const next = resizeCropBox(crop, liveBox(e.target), keepRatio);
                  showBox(next.box);
                  setEdited(next);
                }}
              />
            </Group>
            <Transformer
              ref={transformer}
              rotateEnabled={false}
              flipEnabled={false}
              keepRatio={keepRatio}
              enabledAnchors={keepRatio ? CORNERS : ALL_ANCHORS}
              ignoreStroke
              anchorSize={8}
              borderStroke={BOX_COLOR}
              anchorStroke={BOX_COLOR}
              boundBoxFunc={(previous, next) => {
                // In picture pixels: at least 1×1 (docs/editor.md#materials), and not past the picture's edges.
                const x = (next.x - origin.x) / scale;
                const y = (next.y - origin.y) / scale;
                const w = next.width / scale;
                const h = next.height / scale;
                const slack = 0.5;
                const inside = x >= -slack && y >= -slack && x + w <= turned.width + slack && y + h <= turned.height + slack;
                return inside && w >= 1 && h >= 1 ? next : previous;
              }}
            />
          </KonvaLayer>
        </Stage>
      </div>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space wrap>
          <Button icon={<ZoomInOutlined />} disabled={busy || zoomedIn === crop} onClick={() => zoomTo(zoomedIn)}>
            {t('editor.cropZoomIn')}
          </Button>
          <Button icon={<ZoomOutOutlined />} disabled={busy || zoomedOut === crop} onClick={() => zoomTo(zoomedOut)}>
            {t('editor.cropZoomOut')}
          </Button>
          <Button icon={<RotateRightOutlined />} disabled={busy} onClick={rotate}>
            {t('editor.cropRotate')}
          </Button>
          <Button icon={<ReloadOutlined />} disabled={busy} onClick={reset}>
            {t('editor.reset')}
          </Button>
        </Space>
        <Checkbox checked={keepRatio} disabled={busy} onChange={(e) => toggleRatio(e.target.checked)}>
          {t('editor.cropKeepRatio')}
        </Checkbox>
      </Flex>
      <Typography.Text type="secondary">{t('editor.cropHint')}</Typography.Text>
      <Flex justify="space-between" align="center">
        <Typography.Text data-testid="crop-size">{t('editor.cropSize', { width: output.width, height: output.height })}</Typography.Text>
        <Space>
          <Button disabled={busy} onClick={onCancel}>
            {t('common.cancel')}
          </Button>
          <Button type="primary" loading={busy} onClick={() => void confirm()}>
            {t('common.ok')}
          </Button>
        </Space>
      </Flex>
    </Flex>
  );
}
