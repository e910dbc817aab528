import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Konva from 'konva';
import { useBlocker, useNavigate, useSearchParams } from 'react-router';
import { ArrowLeftOutlined, FontSizeOutlined, HomeOutlined, LoadingOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Flex, InputNumber, Modal, Result, Spin, Tabs, Tag, Typography } from 'antd';
import { message as messageText, routes, type DataOf, type MaterialItem, type ProductDetail } from '@app/contract';
import type { DesignDocument } from '@app/design';
import {
  addDesignToCart,
  ApiError,
  composeArea,
  createSynthesis,
  fetchLayerRecord,
  fetchProduct,
  previewMockups,
  queryKeys,
  resaveDesign,
  useUserInfo,
} from '../../api';
import { EDITOR_DIRTY_MESSAGE, EDITOR_SAVED_MESSAGE, type EditorDirtyMessage, type EditorSavedMessage } from '../../app/designPopup';
import { useI18n } from '../../app/i18n';
import { positiveIdParam } from '../../app/urlParams';
import { CropDialog } from './CropDialog';
import { CutpiecePreview } from './CutpiecePreview';
import { EditorCanvas, ImageCache, type Garment } from './EditorCanvas';
import { EditorToolbar } from './EditorToolbar';
import { canvasTextMeasurer, loadAllFonts, loadFontsFor } from './editorFonts';
import { LayerList } from './LayerList';
import { LayerTools } from './LayerTools';
import { LocalUpload, MaterialPanel } from './MaterialPanel';
import { MockupPreview } from './MockupPreview';
import { TextEditOverlay } from './TextEditOverlay';
import {
  addImage,
  addText,
  beginGesture,
  buildSave,
  canCrop,
  canRedo,
  canUndo,
  clearDraft,
  clearCanvas,
  commit,
  createHistory,
  createRecomposer,
  currentArea,
  designSnapshot,
  draftKey,
  garmentPlacement,
  isDirty,
  endGesture,
  findLayer,
  handleKey,
  moveLayer,
  openEditor,
  readDraft,
  readSavedDesign,
  RecomposeError,
  redo,
  replaceLayerImage,
  restoreDraft,
  run,
  selectedLayer,
  selectLayer,
  setBackgroundColor,
  setText,
  setTextMeasurer,
  switchArea,
  tapLayer,
  toDesign,
  transformLayer,
  undo,
  visibleLayers,
  writeDraft,
  type CommandResult,
  type EditorNotice,
  type EditorState,
  type History,
  type SaveMode,
  type SaveRequest,
  type Tap,
} from './model';

/** The editor runs in the finished screen's design popup (an iframe of this app). */
const inPopup = window.self !== window.top;

/** A layer record that opens the editor on a saved design (re-designing a finished product). */
interface Opening {
  product: ProductDetail;
  attrId: number;
  saved: DesignDocument | null;
  keyId: string | null;
  /** Other variants re-designed together with keyId (the finished screen's multi-design): mode 1 saves them too. */
  alsoKeyIds: string[];
  /** Shown once the editor is up: why it opened blank. */
  notice?: string;
}

/**
 * `/design?product_id=&attr_id=` designs a blank (SPEC §2.6); `/design?key_id=&product_id=` re-designs a
 * finished product from its layer record (`getDesignLayerlog`). A missing record opens the blank with
 * "找不到该设计的图层记录"; a product of an account the seller cannot reach shows the server's message.
 */
export function EditorPage() {
  const { t, lang } = useI18n();
  // Whose editor it is: drafts are kept per account (a shared office computer), and the level check below.
  const me = useUserInfo();
  const [params] = useSearchParams();
  const productId = positiveIdParam(params.get('product_id'));
  const attrId = positiveIdParam(params.get('attr_id'));
  const keyId = params.get('key_id')?.trim() || null;
  const also = params.get('also') ?? '';
  const opening = useQuery({
    queryKey: queryKeys.design.opening({ productId, attrId, keyId, also }),
    queryFn: async (): Promise<Opening> => {
      let record: DataOf<typeof routes.designLayerlog> | null = null;
      let notice: string | undefined;
      if (keyId) {
        try {
          record = await fetchLayerRecord(keyId);
        } catch (e) {
          // Only a missing record opens blank, and only when the link says which blank.
          const missing = e instanceof ApiError && e.status === 404 && e.msg === messageText('layerRecordMissing', lang);
          if (!missing || productId === null) throw e;
          notice = messageText('layerRecordMissing', lang);
        }
      }
      const id = record?.product_id ?? productId;
      if (id === null) throw new Error(t('editor.badLink'));
      const product = await fetchProduct(id);
      // A SKU the blank does not have would draw a half-right editor (no colour, saves refused): say so instead.
      if (!record && attrId !== null && !product.attr_list.some((a) => a.id === attrId))
        throw new Error(messageText('catalogueSkuNotFound', lang));
      return {
        product,
        attrId: record?.attr_id ?? attrId ?? product.attr_list[0]?.id ?? 0,
        saved: record ? readSavedDesign(record.layerdata || record.extends) : null,
        keyId: record?.key_id ?? (notice ? keyId : null),
        alsoKeyIds: record ? also.split(',').filter((k) => /^[\w-]{1,64}$/.test(k) && k !== record.key_id) : [],
        notice,
      };
    },
    enabled: productId !== null || keyId !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
  const fonts = useQuery({
    queryKey: queryKeys.fonts.forDesign(opening.data?.saved ?? null),
    queryFn: () => loadFontsFor(opening.data!.saved),
    enabled: opening.isSuccess,
    staleTime: Infinity,
  });

  if (productId === null && keyId === null) return <Unreachable status="warning" title={t('editor.badLink')} />;
  if (opening.isError) return <Unreachable status="error" title={opening.error instanceof Error ? opening.error.message : ''} />;
  if (me.isError) return <Unreachable status="error" title={me.error instanceof Error ? me.error.message : ''} />;
  if (!opening.data || !fonts.data || !me.data)
    return (
      <Flex justify="center" align="center" style={{ minHeight: '100vh' }}>
        <Spin size="large" description={t('editor.loading')}>
          <div style={{ width: 200, height: 80 }} />
        </Spin>
      </Flex>
    );
  // A blank above the account's level: the server refuses every compose and save of it (SPEC §3), so say so
  // here, as the product page does, instead of letting the seller design in vain.
  if (opening.data.product.authorization !== 1)
    return (
      <Unreachable
        status="warning"
        title={t('productDtl.refused', { mine: me.data.level, needed: opening.data.product.level })}
        hint={t('productDtl.refusedHint')}
      />
    );
  return <Editor key={`${opening.data.product.id}.${opening.data.keyId ?? ''}`} opening={opening.data} userId={me.data.id} />;
}

/**
 * Back to where the seller came from: the previous page of this tab, else the page that opened the editor in
 * a new tab (a same-origin referrer: the finished list, a product's detail page), else the home page.
 */
function useGoBack() {
  const navigate = useNavigate();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) return void navigate(-1);
    const referrer = document.referrer ? new URL(document.referrer) : null;
    if (referrer && referrer.origin === window.location.origin && referrer.pathname !== '/design')
      return void navigate(referrer.pathname + referrer.search);
    void navigate('/');
  }, [navigate]);
}

/** The editor cannot open (no such product, SKU or finished product): say why and offer the way back. */
function Unreachable({ status, title, hint }: { status: 'warning' | 'error'; title: string; hint?: string }) {
  const { t } = useI18n();
  const navigate = useNavigate();
  const goBack = useGoBack();
  return (
    <Result
      status={status}
      title={title}
      subTitle={hint ?? t('editor.missingHint')}
      extra={[
        <Button key="back" type="primary" icon={<ArrowLeftOutlined />} onClick={goBack}>
          {t('editor.back')}
        </Button>,
        <Button key="home" icon={<HomeOutlined />} onClick={() => void navigate('/')}>
          {t('editor.backHome')}
        </Button>,
      ]}
    />
  );
}

/** Posts what buildSave asked for. */
function send(request: SaveRequest) {
  switch (request.path) {
    case routes.synthesisCreate.path:
      return createSynthesis(request.body);
    case routes.designResave.path:
      return resaveDesign(request.body);
    case routes.cartAdd.path:
      return addDesignToCart(request.body);
    case routes.mockupPreview.path:
      return previewMockups(request.body);
  }
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Notices that report success rather than a refusal. */
const SUCCESS_NOTICES = new Set<EditorNotice>(['copySuccessful', 'addedSuccessfully', 'recomposeDone']);

function Editor({ opening, userId }: { opening: Opening; userId: number }) {
  const { product, attrId, keyId } = opening;
  const { t, m, lang } = useI18n();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const goBack = useGoBack();
  const [history, setHistory] = useState<History>(() => createHistory(openEditor(product, opening.saved, sessionStorage)));
  const historyRef = useRef(history);

  // Never lose a design (issue 12): the design as opened or last saved, the draft kept in local storage, the
  // draft of an earlier visit offered back, and a warning before leaving with changes.
  const storageKey = draftKey({ userId, productId: product.id, keyId });
  const [opened] = useState(() => designSnapshot(history.present));
  const baseline = useRef(opened);
  const [offered, setOffered] = useState(() => readDraft(localStorage, storageKey, history.present));
  const offeredRef = useRef(offered);
  useEffect(() => {
    offeredRef.current = offered;
  }, [offered]);
  const dirty = useCallback(() => isDirty(historyRef.current.present, baseline.current), []);
  // Whether this tab wrote the stored draft: only then may it remove it (a second tab on the same product,
  // clean, must not delete the first tab's draft).
  const wroteDraft = useRef(false);
  const keepDraft = useCallback(() => {
    // While an earlier draft is offered it stays as it is until the seller restores or discards it: new
    // work is not written over it (the leave warning protects the new work meanwhile).
    if (offeredRef.current) return;
    const present = historyRef.current.present;
    if (isDirty(present, baseline.current)) {
      writeDraft(localStorage, storageKey, present, Date.now());
      wroteDraft.current = true;
    } else if (wroteDraft.current) {
      clearDraft(localStorage, storageKey);
      wroteDraft.current = false;
    }
  }, [storageKey]);
  const toldDirty = useRef(false);
  const settle = useCallback(() => {
    keepDraft();
    // In the design popup: the popup asks before closing on unsaved changes (app/designPopup.ts).
    const now = dirty();
    if (inPopup && now !== toldDirty.current) {
      toldDirty.current = now;
      const note: EditorDirtyMessage = { type: EDITOR_DIRTY_MESSAGE, dirty: now };
      window.parent.postMessage(note, window.location.origin);
    }
  }, [keepDraft, dirty]);
  useEffect(() => {
    // Written shortly after a change settles (not on every step of a drag), and when the editor goes away.
    const timer = setTimeout(settle, 300);
    return () => clearTimeout(timer);
  }, [history.present, settle]);
  useEffect(() => keepDraft, [keepDraft]);
  useEffect(() => {
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      if (!dirty()) return;
      keepDraft();
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty, keepDraft]);
  const blocker = useBlocker(dirty);
  const [imageVersion, setImageVersion] = useState(0);
  const images = useMemo(
    () =>
      new ImageCache(
        () => setImageVersion((v) => v + 1),
        () => void message.error({ content: m('materialLoadFailed'), key: 'materialLoadFailed' }),
      ),
    [message, m],
  );
  const recomposer = useMemo(
    () =>
      createRecomposer({
        compose: (layerdata) => composeArea(product.id, layerdata),
        notify: (notice) =>
          notice === 'materialRetrying'
            ? void message.warning({ content: m(notice), key: 'recompose' })
            : void message.error({ content: m(notice), key: 'recompose' }),
      }),
    [product.id, message, m],
  );
  useEffect(() => () => recomposer.dispose(), [recomposer]);

  const [warningOpen, setWarningOpen] = useState(true);
  const [quantity, setQuantity] = useState<number | null>(1);
  const [saving, setSaving] = useState<SaveMode | null>(null);
  const [grid, setGrid] = useState(false);
  const [eyedropper, setEyedropper] = useState(false);
  const [cutpieceOpen, setCutpieceOpen] = useState(false);
  const [cropOpen, setCropOpen] = useState(false);
  const [editingText, setEditingText] = useState<string | null>(null);
  const lastTap = useRef<Tap | null>(null);

  const state = history.present;
  const area = currentArea(state);
  const layer = selectedLayer(state);
  // Images of the current area still loading: the canvas is interactive (and says so) once there are none.
  const imagesPending = visibleLayers(area).filter((l) => l.type === 'image' && images.pending(l.image || l.src)).length;
  const editing = editingText ? findLayer(state, editingText) : undefined;
  // The blank in the chosen SKU's colour behind the area, as the seller knows it from the catalogue.
  const garmentImages = useMemo(() => new ImageCache(() => setImageVersion((v) => v + 1)), []);
  const placement = garmentPlacement(product, attrId, state.currentAreaId);
  const garment: Garment | undefined = placement ? { ...placement.box, image: garmentImages.get(placement.src) } : undefined;

  useEffect(() => {
    setTextMeasurer(canvasTextMeasurer);
    // The other fonts arrive while the seller works; the canvas redraws with each.
    void loadAllFonts(() => setImageVersion((v) => v + 1));
    return () => setTextMeasurer(null);
  }, []);

  useEffect(() => {
    if (opening.notice) void message.warning(opening.notice);
  }, [opening.notice, message]);

  useEffect(() => {
    // `?debug=1`: the page's stage and history for the benchmark and for support (nothing else reads them).
    if (!new URLSearchParams(window.location.search).has('debug')) return;
    (window as unknown as { __editor?: unknown }).__editor = { stage: () => Konva.stages.at(-1), history: () => historyRef.current };
  }, []);

  const notify = useCallback(
    (notice: EditorNotice | undefined) => {
      if (!notice) return;
      if (SUCCESS_NOTICES.has(notice)) void message.success(m(notice));
      else void message.warning(m(notice));
    },
    [message, m],
  );
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
      if (e.key === 'Escape') setEyedropper(false);
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

  /** A material as the layer's picture: the 1200 px thumbnail drawn, the original kept (SPEC src1). */
  const imageOf = (item: MaterialItem) => ({
    src: item.thumb1200 || item.img_url,
    src1: item.img_url,
    sourceid: item.id,
    width: item.width,
    height: item.height,
  });
  const addMaterial = (item: MaterialItem) => apply((s) => addImage(s, imageOf(item)));

  const copyTo = (target: string) => {
    const outcome = target === 'all' ? buildSave(state, 5, { attrId }) : buildSave(state, 4, { attrId, targetAreaId: target });
    if (outcome.kind === 'refused') return notify(outcome.notice);
    if (outcome.kind === 'local') update((h) => ({ history: commit(h, outcome.result.state), notice: outcome.result.notice }));
  };

  /**
   * Modes 1, 2 and 7: the areas' materials (print images) are recomposed first — staggered, retried once
   * (SPEC §4) — so a design the server cannot compose is reported here, before anything is saved.
   */
  const save = async (mode: SaveMode) => {
    const outcome = buildSave(state, mode, { attrId, keyId, quantity });
    if (outcome.kind === 'refused') return notify(outcome.notice);
    if (outcome.kind === 'local') return update((h) => ({ history: commit(h, outcome.result.state), notice: outcome.result.notice }));
    setSaving(mode);
    try {
      void message.loading({ content: m('recomposeStarting'), key: 'recompose', duration: 0 });
      await recomposer.composeAll(toDesign(state));
      const saved = await send(outcome.request);
      const jobIds = [(saved as { job_id?: string } | null)?.job_id];
      // Several variants chosen for one design: each gets the same save of its own size.
      if (mode === 1 && outcome.request.path === routes.designResave.path)
        for (const key_id of opening.alsoKeyIds)
          jobIds.push(
            (
              (await send({ ...outcome.request, body: { ...(outcome.request.body as object), key_id } } as SaveRequest)) as {
                job_id?: string;
              }
            ).job_id,
          );
      if (mode === 7) return void message.success({ content: m('addedSuccessfully'), key: 'recompose' });
      // Saved: nothing left to lose, so no draft and no leave warning until the next change.
      // Edits made while it recomposed stay a draft (the design saved is `state`, as it was when the save began).
      baseline.current = designSnapshot(state);
      offeredRef.current = null;
      setOffered(null);
      wroteDraft.current = true;
      settle();
      const savedKey = (saved as { key_id?: string } | null)?.key_id ?? keyId;
      // In the design popup: the popup closes and the list behind links the product (app/designPopup.ts).
      if (inPopup && savedKey) {
        const note: EditorSavedMessage = { type: EDITOR_SAVED_MESSAGE, key_id: savedKey, job_ids: jobIds.filter((j) => j !== undefined) };
        window.parent.postMessage(note, window.location.origin);
      }
      // Inside the finished screen's design popup the list is right behind it: no link that would open the
      // whole app inside the popup.
      const finished = savedKey && !inPopup ? `/finished?${new URLSearchParams({ key_id: savedKey })}` : null;
      void message.success({
        key: 'recompose',
        duration: finished ? 10 : 3,
        content: (
          <span data-testid="save-done">
            {m('recomposeDone')}
            {finished && (
              // The toast lives outside the router's tree: a plain link that the editor's navigate follows.
              <a
                href={finished}
                style={{ marginLeft: 8 }}
                onClick={(e) => {
                  e.preventDefault();
                  message.destroy('recompose');
                  void navigate(finished);
                }}
              >
                {t('editor.viewFinished')}
              </a>
            )}
          </span>
        ),
      });
    } catch (e) {
      // The recomposer has already said so (SPEC §8 "Material composition failed, please retry saving").
      if (e instanceof RecomposeError) return;
      void message.error({ content: e instanceof Error ? e.message : m('badParameters'), key: 'recompose' });
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
              <LocalUpload onUploaded={addMaterial} />
            </div>
            <Button icon={<FontSizeOutlined />} onClick={() => apply((s) => addText(s))}>
              {t('editor.text')}
            </Button>
          </Flex>
          <MaterialPanel onPick={addMaterial} />
        </Flex>
      </Card>

      <Flex vertical gap={8} style={{ margin: '12px 0', flex: 'none', width: 602 }}>
        <Flex align="center" gap={4}>
          {/* In the finished screen's design popup (an iframe) the popup's own close is the way back. */}
          {!inPopup && (
            <Button type="text" size="small" icon={<ArrowLeftOutlined />} onClick={goBack} data-testid="editor-back">
              {t('editor.back')}
            </Button>
          )}
          <Typography.Title level={5} style={{ margin: 0 }}>
            {product.name}
          </Typography.Title>
        </Flex>
        {offered && (
          <Alert
            type="info"
            showIcon
            data-testid="draft-offer"
            title={t('editor.draftFound', { time: new Date(offered.savedAt).toLocaleString(lang === 'zh' ? 'zh-CN' : 'en-GB') })}
            action={
              <Flex gap={8}>
                <Button
                  size="small"
                  type="primary"
                  onClick={() => {
                    setOffered(null);
                    setEditingText(null);
                    update((h) => ({ history: commit(h, restoreDraft(h.present, offered)) }));
                    void message.success(t('editor.draftRestored'));
                  }}
                >
                  {t('editor.draftRestore')}
                </Button>
                <Button
                  size="small"
                  onClick={() => {
                    setOffered(null);
                    clearDraft(localStorage, storageKey);
                  }}
                >
                  {t('editor.draftDiscard')}
                </Button>
              </Flex>
            }
          />
        )}
        <Tabs
          activeKey={state.currentAreaId}
          onChange={(id) => {
            setEditingText(null);
            update((h) => run(h, (s) => switchArea(s, id, sessionStorage)));
          }}
          items={state.areaList.map((a) => ({
            key: a.id,
            label: (
              <Flex align="center" gap={6}>
                <svg width={18} height={18} viewBox="0 0 600 600" aria-hidden>
                  <path d={a.areaPath} fill="#dcfce7" stroke="#16a34a" strokeWidth={24} />
                </svg>
                {a.name[lang]}
              </Flex>
            ),
          }))}
          style={{ marginBottom: -8 }}
        />
        <EditorToolbar
          state={state}
          canUndo={canUndo(history)}
          canRedo={canRedo(history)}
          onUndo={() => update((h) => ({ history: undo(h) }))}
          onRedo={() => update((h) => ({ history: redo(h) }))}
          grid={grid}
          onGrid={setGrid}
          onClear={() => apply(clearCanvas)}
          background={area.background}
          onBackground={(c) => apply((s) => setBackgroundColor(s, c))}
          eyedropper={eyedropper}
          onEyedropper={(on) => {
            setEyedropper(on);
            if (on) void message.info({ content: t('editor.eyedropperOn'), key: 'eyedropper' });
          }}
          canCrop={layer !== undefined && canCrop(layer)}
          onCrop={() => setCropOpen(true)}
          onCopyTo={copyTo}
        />
        {warningOpen && <Alert type="warning" showIcon closable title={t('editor.warning')} onClose={() => setWarningOpen(false)} />}
        <div
          data-testid="editor-stage"
          data-interactive={imagesPending === 0 ? 'true' : 'false'}
          style={{ position: 'relative', width: 602, height: 602, border: '1px solid #d9d9d9', background: '#fff' }}
        >
          <EditorCanvas
            state={state}
            area={area}
            images={images}
            imageVersion={imageVersion}
            grid={grid}
            garment={garment}
            onPickColor={
              eyedropper
                ? (color) => {
                    setEyedropper(false);
                    apply((s) => setBackgroundColor(s, color));
                  }
                : undefined
            }
            onSelect={(id) => apply((s) => selectLayer(s, id))}
            onTap={(id) => {
              const tap = tapLayer(historyRef.current.present, lastTap.current, { layerId: id, time: Date.now() });
              lastTap.current = tap.last;
              if (tap.editTextOf) setEditingText(tap.editTextOf);
            }}
            onMove={(id, x, y) => apply((s) => moveLayer(s, id, x, y))}
            onTransform={(id, tr) => apply((s) => transformLayer(s, id, tr))}
          />
          {editing?.type === 'text' && (
            <TextEditOverlay
              key={editing.id}
              layer={editing}
              onDone={(text) => {
                setEditingText(null);
                if (text !== null && text !== editing.text) apply((s) => setText(s, editing.id, text));
              }}
            />
          )}
          {imagesPending > 0 && (
            <Tag icon={<LoadingOutlined />} style={{ position: 'absolute', top: 8, left: 8 }}>
              {t('editor.loadingImages')}
            </Tag>
          )}
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
        <div style={{ marginTop: 16 }}>
          <MockupPreview state={state} product={product} attrId={attrId} onViewCutpiece={() => setCutpieceOpen(true)} />
        </div>
        <Flex vertical gap={8} style={{ marginTop: 16 }}>
          {opening.alsoKeyIds.length > 0 && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="also-variants">
              {t('editor.alsoVariants', { n: opening.alsoKeyIds.length })}
            </Typography.Text>
          )}
          <Button type="primary" loading={saving === 1} disabled={saving !== null} onClick={() => void save(1)}>
            {t('editor.saveCurrent')}
          </Button>
          <Button loading={saving === 2} disabled={saving !== null} onClick={() => void save(2)}>
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
            <Button style={{ flex: 1 }} loading={saving === 7} disabled={saving !== null} onClick={() => void save(7)}>
              {t('editor.addToCart')}
            </Button>
          </Flex>
        </Flex>
      </Card>
      <CropDialog
        open={cropOpen}
        layer={layer}
        onCancel={() => setCropOpen(false)}
        onCropped={(item) => {
          setCropOpen(false);
          if (layer) apply((s) => replaceLayerImage(s, layer.id, imageOf(item)));
        }}
      />
      <Modal
        open={blocker.state === 'blocked'}
        title={t('editor.leaveTitle')}
        okText={t('editor.leave')}
        cancelText={t('editor.stay')}
        onOk={() => {
          keepDraft();
          blocker.proceed?.();
        }}
        onCancel={() => blocker.reset?.()}
      >
        {t('editor.leaveBody')}
      </Modal>
      <CutpiecePreview open={cutpieceOpen} onClose={() => setCutpieceOpen(false)} state={state} product={product} recomposer={recomposer} />
    </Flex>
  );
}
