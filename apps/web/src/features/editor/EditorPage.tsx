import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { FontSizeOutlined, RedoOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, InputNumber, Result, Space, Spin, Tabs, Tooltip, Typography } from 'antd';
import { routes, type MaterialItem, type ProductDetail } from '@app/contract';
import { FONT_FILES } from '@app/design';
import { call } from '../../api/client';
import { ApiError } from '../../api/ApiError';
import { useI18n } from '../../app/i18n';
import { EditorCanvas, ImageCache } from './EditorCanvas';
import { LayerList } from './LayerList';
import { LayerTools } from './LayerTools';
import { LocalUpload, MaterialPanel } from './MaterialPanel';
import {
  addImage,
  addText,
  beginGesture,
  buildSave,
  canRedo,
  canUndo,
  commit,
  createHistory,
  currentArea,
  endGesture,
  handleKey,
  moveLayer,
  openEditor,
  redo,
  run,
  selectedLayer,
  selectLayer,
  switchArea,
  tapLayer,
  transformLayer,
  undo,
  type CommandResult,
  type EditorNotice,
  type EditorState,
  type History,
  type SaveMode,
  type SaveRequest,
  type Tap,
} from './model';

let fontsLoading: Promise<void> | null = null;
/** The editor's fonts (served at /fonts), loaded once before the first render so text measures and draws right. */
function loadFonts(): Promise<void> {
  fontsLoading ??= Promise.all(
    FONT_FILES.map(async (f) => {
      try {
        const face = new FontFace(f.family, `url(/fonts/${f.file})`, { weight: String(f.weight) });
        document.fonts.add(await face.load());
      } catch {
        // A missing font falls back to the default family: the editor still opens.
      }
    }),
  ).then(() => undefined);
  return fontsLoading;
}

const positive = (v: string | null) => {
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
};

/** `/design?product_id=&attr_id=`: the design editor on one blank (SPEC §2.6, issue 4). */
export function EditorPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const productId = positive(params.get('product_id'));
  const attrId = positive(params.get('attr_id'));
  const product = useQuery({
    queryKey: ['product', 'detail', productId],
    queryFn: () => call(routes.productDetail, { query: { product_id: productId! } }),
    enabled: productId !== null,
  });
  const fonts = useQuery({ queryKey: ['editor', 'fonts'], queryFn: () => loadFonts().then(() => true), staleTime: Infinity });

  if (productId === null) return <Result status="warning" title={t('editor.badLink')} />;
  if (product.isError) return <Result status="error" title={product.error instanceof Error ? product.error.message : ''} />;
  if (!product.data || !fonts.data)
    return (
      <Flex justify="center" align="center" style={{ minHeight: '100vh' }}>
        <Spin size="large" description={t('editor.loading')}>
          <div style={{ width: 200, height: 80 }} />
        </Spin>
      </Flex>
    );
  return <Editor key={product.data.id} product={product.data} attrId={attrId ?? product.data.attr_list[0]?.id ?? 0} />;
}

/** Posts what buildSave asked for. */
function send(request: SaveRequest) {
  switch (request.path) {
    case routes.synthesisCreate.path:
      return call(routes.synthesisCreate, { body: request.body as never });
    case routes.designResave.path:
      return call(routes.designResave, { body: request.body as never });
    case routes.cartAdd.path:
      return call(routes.cartAdd, { body: request.body as never });
    default:
      return call(routes.mockupPreview, { body: request.body as never });
  }
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

function Editor({ product, attrId }: { product: ProductDetail; attrId: number }) {
  const { t, m, lang } = useI18n();
  const { message } = App.useApp();
  const [history, setHistory] = useState<History>(() => createHistory(openEditor(product, null, sessionStorage)));
  const historyRef = useRef(history);
  const [imageVersion, setImageVersion] = useState(0);
  const images = useMemo(() => new ImageCache(() => setImageVersion((v) => v + 1)), []);
  const [warningOpen, setWarningOpen] = useState(true);
  const [quantity, setQuantity] = useState<number | null>(1);
  const [saving, setSaving] = useState<SaveMode | null>(null);
  const lastTap = useRef<Tap | null>(null);

  const state = history.present;
  const area = currentArea(state);
  const layer = selectedLayer(state);

  const notify = useCallback((notice: EditorNotice | undefined) => notice && void message.warning(m(notice)), [message, m]);
  const update = useCallback(
    (next: (h: History) => { history: History; notice?: EditorNotice }) => {
      const out = next(historyRef.current);
      historyRef.current = out.history;
      setHistory(out.history);
      notify(out.notice);
    },
    [notify],
  );
  const apply = useCallback((command: (s: EditorState) => CommandResult) => update((h) => run(h, command)), [update]);
  const gesture = useMemo(
    () => ({
      begin: () => update((h) => ({ history: beginGesture(h) })),
      end: () => update((h) => ({ history: endGesture(h) })),
    }),
    [update],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (isTyping(e.target)) return;
      const out = handleKey(historyRef.current, {
        key: e.key,
        code: e.code,
        ctrl: e.ctrlKey,
        alt: e.altKey,
        shift: e.shiftKey,
        meta: e.metaKey,
      });
      if (!out.handled) return;
      e.preventDefault();
      update(() => out);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [update]);

  const addMaterial = (item: MaterialItem) =>
    apply((s) =>
      addImage(s, { src: item.thumb1200 || item.img_url, src1: item.img_url, sourceid: item.id, width: item.width, height: item.height }),
    );

  const save = async (mode: SaveMode) => {
    const outcome = buildSave(state, mode, { attrId, quantity });
    if (outcome.kind === 'refused') return notify(outcome.notice);
    if (outcome.kind === 'local') return update((h) => ({ history: commit(h, outcome.result.state), notice: outcome.result.notice }));
    setSaving(mode);
    try {
      await send(outcome.request);
      void message.success(mode === 7 ? m('addedSuccessfully') : t('editor.saveStarted'));
    } catch (e) {
      void message.error(e instanceof ApiError || e instanceof Error ? e.message : m('badParameters'));
    } finally {
      setSaving(null);
    }
  };

  return (
    <Flex style={{ minHeight: '100vh', background: '#f5f6f8' }} gap={12} align="flex-start" wrap={false}>
      <Card size="small" style={{ width: 300, margin: 12, marginRight: 0, flex: 'none' }} title={t('editor.material')}>
        <Flex vertical gap={8}>
          <Flex gap={8}>
            <div style={{ flex: 1 }}>
              <LocalUpload
                onUploaded={(item) =>
                  apply((s) =>
                    addImage(s, {
                      src: item.thumb1200 || item.img_url,
                      src1: item.img_url,
                      sourceid: item.id,
                      width: item.width,
                      height: item.height,
                    }),
                  )
                }
              />
            </div>
            <Button icon={<FontSizeOutlined />} onClick={() => apply((s) => addText(s))}>
              {t('editor.text')}
            </Button>
          </Flex>
          <MaterialPanel onPick={addMaterial} />
        </Flex>
      </Card>

      <Flex vertical gap={8} style={{ margin: '12px 0', flex: 'none', width: 602 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {product.name}
        </Typography.Title>
        <Tabs
          activeKey={state.currentAreaId}
          onChange={(id) => update((h) => run(h, (s) => switchArea(s, id, sessionStorage)))}
          items={state.areaList.map((a) => ({ key: a.id, label: a.name[lang] }))}
          style={{ marginBottom: -8 }}
        />
        <Space>
          <Tooltip title={t('editor.undo')}>
            <Button
              aria-label={t('editor.undo')}
              icon={<UndoOutlined />}
              disabled={!canUndo(history)}
              onClick={() => update((h) => ({ history: undo(h) }))}
            />
          </Tooltip>
          <Tooltip title={t('editor.redo')}>
            <Button
              aria-label={t('editor.redo')}
              icon={<RedoOutlined />}
              disabled={!canRedo(history)}
              onClick={() => update((h) => ({ history: redo(h) }))}
            />
          </Tooltip>
        </Space>
        {warningOpen && <Alert type="warning" showIcon closable title={t('editor.warning')} onClose={() => setWarningOpen(false)} />}
        <div data-testid="editor-stage" style={{ width: 602, height: 602, border: '1px solid #d9d9d9', background: '#fff' }}>
          <EditorCanvas
            state={state}
            area={area}
            images={images}
            imageVersion={imageVersion}
            onSelect={(id) => apply((s) => selectLayer(s, id))}
            onTap={(id) => {
              const tap = tapLayer(historyRef.current.present, lastTap.current, { layerId: id, time: Date.now() });
              lastTap.current = tap.last;
              if (tap.editTextOf) document.querySelector<HTMLInputElement>('[data-testid="layer-tools"] input')?.focus();
            }}
            onMove={(id, x, y) => apply((s) => moveLayer(s, id, x, y))}
            onTransform={(id, tr) => apply((s) => transformLayer(s, id, tr))}
          />
        </div>
      </Flex>

      <Card size="small" style={{ width: 320, margin: 12, marginLeft: 0, flex: 'none' }}>
        {layer ? (
          <LayerTools key={layer.id} layer={layer} apply={apply} gesture={gesture} />
        ) : (
          <Typography.Text type="secondary">{t('editor.noSelection')}</Typography.Text>
        )}
        <div style={{ marginTop: 16 }}>
          <LayerList area={area} selectedId={state.selectedId} apply={apply} />
        </div>
        <Flex vertical gap={8} style={{ marginTop: 16 }}>
          <Button type="primary" loading={saving === 1} onClick={() => void save(1)}>
            {t('editor.saveCurrent')}
          </Button>
          <Button loading={saving === 2} onClick={() => void save(2)}>
            {t('editor.saveAll')}
          </Button>
          <Flex gap={8}>
            <InputNumber
              aria-label={t('editor.quantity')}
              min={1}
              precision={0}
              value={quantity}
              onChange={setQuantity}
              style={{ width: 80 }}
            />
            <Button style={{ flex: 1 }} loading={saving === 7} onClick={() => void save(7)}>
              {t('editor.addToCart')}
            </Button>
          </Flex>
        </Flex>
      </Card>
    </Flex>
  );
}
