import { useEffect, useRef, useState } from 'react';
import { ClearOutlined, CloseOutlined, DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { PageHeader } from '../../app/components';
import { useFeedback } from '../../app/feedback';
import { useI18n } from '../../app/i18n';
import { fileImageKind } from './fileType';
import { LibraryPanel, sampleName } from './LibraryPanel';
import { MockupCanvas, STAGE_SIZE, type Placed, type PlacedChange } from './MockupCanvas';
import { EDITOR_START, PreviewPanel } from './PreviewPanel';
import type { Sample } from './samples';
import './mockup.css';

/** The largest upload the prototype reads. */
const UPLOAD_LIMIT_MB = 10;
/** A new picture's longer side on the canvas. */
const PLACED_SIZE = 200;

/** A picture on the canvas: a sample (named in the language shown) or an upload (a blob: address of this page). */
type CanvasItem = Omit<Placed, 'name'> & ({ sampleId: string; file?: undefined } | { sampleId?: undefined; file: string });

let nextKey = 0;

/** A new picture's place: centred (a little further down and right for each picture already there), longer side PLACED_SIZE. */
function placed(count: number, width: number, height: number) {
  const fit = PLACED_SIZE / Math.max(width, height, 1);
  const offset = (count % 6) * 16;
  return {
    key: `p${++nextKey}`,
    x: STAGE_SIZE / 2 + offset,
    y: STAGE_SIZE / 2 + offset,
    width: Math.round(width * fit),
    height: Math.round(height * fit),
    rotation: 0,
    scaleX: 1,
    scaleY: 1,
  };
}

/**
 * The design-mockup prototype (/design-mockup, docs/mockup-prototype.md): sample pictures in four tabs, a canvas
 * to arrange them and uploaded JPEG/PNG files on, a preview on a few T-shirt colours, a quantity and two buttons.
 * It calls no server, by design, and says so: its banner, and its buttons, which point to the real editor.
 * Uploads are read here with URL.createObjectURL and let go when removed and when the page closes.
 */
export function MockupPage() {
  const { t } = useI18n();
  const { message } = useFeedback();
  const [items, setItems] = useState<CanvasItem[]>([]);
  const [background, setBackground] = useState<Sample | null>(null);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [snapshot, setSnapshot] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  // The uploads' blob: addresses still in use, let go when the page closes. The release waits a turn, so the
  // development mode's unmount-and-mount check (StrictMode) does not release what the page still shows.
  const blobs = useRef(new Set<string>());
  const releaseTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    clearTimeout(releaseTimer.current);
    const live = blobs.current;
    return () => {
      releaseTimer.current = setTimeout(() => {
        for (const url of live) URL.revokeObjectURL(url);
        live.clear();
      });
    };
  }, []);
  const release = (gone: CanvasItem[]) => {
    for (const item of gone) {
      if (item.file === undefined || !blobs.current.delete(item.src)) continue;
      URL.revokeObjectURL(item.src);
    }
  };

  const nameOf = (item: CanvasItem) => (item.sampleId !== undefined ? sampleName(t, item.sampleId) : item.file);
  const shown: Placed[] = items.map((item) => ({ ...item, name: nameOf(item) }));
  const selected = items.find((i) => i.key === selectedKey);

  const add = (item: CanvasItem) => {
    setItems((list) => [...list, item]);
    setSelectedKey(item.key);
  };
  const remove = (key: string) => {
    release(items.filter((i) => i.key === key));
    setItems(items.filter((i) => i.key !== key));
    if (selectedKey === key) setSelectedKey(null);
  };
  const clear = () => {
    release(items);
    setItems([]);
    setBackground(null);
    setSelectedKey(null);
  };
  const change = (key: string, c: PlacedChange) => setItems((list) => list.map((i) => (i.key === key ? { ...i, ...c } : i)));

  const upload = async (file: File) => {
    if (file.size > UPLOAD_LIMIT_MB * 1024 * 1024) {
      void message.error(t('mockup.uploadTooLarge', { mb: UPLOAD_LIMIT_MB, name: file.name }));
      return;
    }
    // The first bytes decide, not the name or the type the browser guessed from it.
    if (!(await fileImageKind(file))) {
      void message.error(t('mockup.uploadRefused', { name: file.name }));
      return;
    }
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.src = url;
    try {
      await image.decode();
    } catch {
      URL.revokeObjectURL(url);
      void message.error(t('mockup.uploadUnreadable', { name: file.name }));
      return;
    }
    blobs.current.add(url);
    add({ ...placed(items.length, image.naturalWidth, image.naturalHeight), src: url, file: file.name });
  };

  return (
    <div className="mockup-page">
      <PageHeader title={t('mockup.title')} subtitle={t('mockup.subtitle')} />
      <Alert
        type="warning"
        showIcon
        className="mockup-banner"
        data-testid="mockup-banner"
        title={t('mockup.banner')}
        description={
          <>
            {t('mockup.bannerHint')} <Link to={EDITOR_START}>{t('mockup.openEditor')}</Link>
          </>
        }
      />
      <div className="mockup-layout">
        <LibraryPanel
          background={background?.src}
          onPlace={(s) => add({ ...placed(items.length, 240, 240), src: s.src, sampleId: s.id })}
          onBackground={setBackground}
        />

        <section className="mockup-panel mockup-stage" aria-label={t('mockup.canvas')}>
          <Flex gap={8} wrap className="mockup-toolbar">
            <input
              ref={fileInput}
              type="file"
              accept=".jpg,.jpeg,.png,image/jpeg,image/png"
              className="mockup-file"
              aria-label={t('mockup.uploadInput')}
              tabIndex={-1}
              onChange={(e) => {
                const file = e.target.files?.[0];
                // The same file may be chosen again.
                e.target.value = '';
                if (file) void upload(file);
              }}
            />
            <Button type="primary" icon={<UploadOutlined />} onClick={() => fileInput.current?.click()}>
              {t('mockup.upload')}
            </Button>
            <Button icon={<DeleteOutlined />} disabled={!selected} onClick={() => selected && remove(selected.key)}>
              {t('mockup.removeSelected')}
            </Button>
            <Button icon={<CloseOutlined />} disabled={!background} onClick={() => setBackground(null)}>
              {t('mockup.removeBackground')}
            </Button>
            <Button icon={<ClearOutlined />} disabled={items.length === 0 && !background} onClick={clear}>
              {t('mockup.clear')}
            </Button>
          </Flex>
          <MockupCanvas
            items={shown}
            background={background?.src}
            selectedKey={selectedKey}
            label={t('mockup.canvasLabel', { count: items.length })}
            onSelect={setSelectedKey}
            onChange={change}
            onRemove={remove}
            onSnapshot={setSnapshot}
          />
          <Typography.Text type="secondary" className="mockup-hint">
            {items.length === 0 && !background ? t('mockup.emptyCanvas') : t('mockup.canvasHint')}
          </Typography.Text>
          {(items.length > 0 || background) && (
            <div className="mockup-on-canvas">
              <Typography.Text strong id="mockup-on-canvas-title">
                {t('mockup.onCanvas')}
              </Typography.Text>
              <ul aria-labelledby="mockup-on-canvas-title" data-testid="mockup-on-canvas">
                {background && (
                  <li>
                    <Tag className="mockup-chip">{t('mockup.background', { name: sampleName(t, background.id) })}</Tag>
                  </li>
                )}
                {shown.map((item) => (
                  <li key={item.key}>
                    <Tag className="mockup-chip" color={item.key === selectedKey ? 'blue' : undefined}>
                      <button
                        type="button"
                        className="mockup-chip-name"
                        aria-pressed={item.key === selectedKey}
                        aria-label={t('mockup.select', { name: item.name })}
                        onClick={() => setSelectedKey(item.key)}
                      >
                        {item.name}
                      </button>
                      <button
                        type="button"
                        className="mockup-chip-remove"
                        aria-label={t('mockup.remove', { name: item.name })}
                        onClick={() => remove(item.key)}
                      >
                        <CloseOutlined aria-hidden />
                      </button>
                    </Tag>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </section>

        <PreviewPanel snapshot={snapshot} />
      </div>
    </div>
  );
}
