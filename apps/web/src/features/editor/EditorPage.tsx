import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Konva from 'konva';
import { ArrowLeftOutlined, FontSizeOutlined, LoadingOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Modal, Spin, Tabs, Tag, Typography } from 'antd';
import type { MaterialItem } from '@app/contract';
import { useUserInfo } from '../../api';
import { useI18n } from '../../app/i18n';
import { CropDialog } from './CropDialog';
import { CutpiecePreview } from './CutpiecePreview';
import { EditorCanvas, type Garment } from './EditorCanvas';
import { ImageCache } from './imageCache';
import { EditorToolbar } from './EditorToolbar';
import { canvasTextMeasurer, loadAllFonts } from './editorFonts';
import { DraftOffer } from './DraftOffer';
import { LayerList } from './LayerList';
import { LayerTools } from './LayerTools';
import { LocalUpload, MaterialPanel } from './MaterialPanel';
import { MockupPreview } from './MockupPreview';
import { SaveActions } from './SaveActions';
import { TextEditOverlay } from './TextEditOverlay';
import { Unreachable, useGoBack } from './Unreachable';
import { useOpening, type Opening } from './useOpening';
import { inPopup, useDraft } from './useDraft';
import { useEditorHistory, useEditorKeys } from './useEditorHistory';
import { useRecomposer, useSave } from './useSave';
import {
  addImage,
  addText,
  canCrop,
  canRedo,
  canUndo,
  clearCanvas,
  commit,
  createHistory,
  currentArea,
  garmentPlacement,
  findLayer,
  moveLayer,
  openEditor,
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
  transformLayer,
  undo,
  visibleLayers,
  type Tap,
} from './model';
import { useFeedback } from '../../app/feedback';

/**
 * `/design?product_id=&attr_id=` designs a blank; `/design?key_id=&product_id=` re-designs a finished product
 * (useOpening). A product of an account the seller cannot reach shows the server's message. The page is
 * the editor's layout; its history, draft and saves are hooks beside it (useEditorHistory, useDraft, useSave).
 */
export function EditorPage() {
  const { t } = useI18n();
  // Whose editor it is: drafts are kept per account (a shared office computer), and the level check below.
  const me = useUserInfo();
  const { productId, keyId, opening, fonts } = useOpening();

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
  // A blank above the account's level: the server refuses every compose and save of it (docs/domain.md#accounts-and-scope), so say so
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

function Editor({ opening, userId }: { opening: Opening; userId: number }) {
  const { product, attrId, keyId } = opening;
  const { t, m, lang } = useI18n();
  const { message } = useFeedback();
  const goBack = useGoBack();
  const editorHistory = useEditorHistory(() => createHistory(openEditor(product, opening.saved, sessionStorage)));
  const { history, historyRef, update, apply, gesture } = editorHistory;
  const state = history.present;
  const draft = useDraft({ userId, productId: product.id, keyId, historyRef, present: state });
  const [imageVersion, setImageVersion] = useState(0);
  const images = useMemo(
    () =>
      new ImageCache(
        () => setImageVersion((v) => v + 1),
        () => void message.error({ content: m('materialLoadFailed'), key: 'materialLoadFailed' }),
      ),
    [message, m],
  );
  const recomposer = useRecomposer(product.id);
  const saves = useSave({
    state,
    attrId,
    keyId,
    alsoKeyIds: opening.alsoKeyIds,
    recomposer,
    notify: editorHistory.notify,
    update,
    onSaved: draft.markSaved,
  });

  const [warningOpen, setWarningOpen] = useState(true);
  const [grid, setGrid] = useState(false);
  const [eyedropper, setEyedropper] = useState(false);
  const [cutpieceOpen, setCutpieceOpen] = useState(false);
  const [cropOpen, setCropOpen] = useState(false);
  const [editingText, setEditingText] = useState<string | null>(null);
  const lastTap = useRef<Tap | null>(null);

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
  }, [historyRef]);

  useEditorKeys(
    editorHistory,
    useCallback(() => setEyedropper(false), []),
  );

  /** A material as the layer's picture: the 1200 px thumbnail drawn, the original kept (src1). */
  const imageOf = (item: MaterialItem) => ({
    src: item.thumb1200 || item.img_url,
    src1: item.img_url,
    sourceid: item.id,
    width: item.width,
    height: item.height,
  });
  const addMaterial = (item: MaterialItem) => apply((s) => addImage(s, imageOf(item)));

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
        {draft.offered && (
          <DraftOffer
            savedAt={draft.offered.savedAt}
            onRestore={() => {
              const offered = draft.offered!;
              draft.closeOffer(false);
              setEditingText(null);
              update((h) => ({ history: commit(h, restoreDraft(h.present, offered)) }));
              void message.success(t('editor.draftRestored'));
            }}
            onDiscard={() => draft.closeOffer(true)}
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
          onCopyTo={saves.copyTo}
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

      {/* Viewport-high, with the save actions at its foot: they stay in view however tall the tools and the
          mockup preview above them grow (docs/editor.md#the-right-hand-panel). */}
      <Card
        size="small"
        data-testid="editor-side"
        style={{ width: 320, margin: 12, marginLeft: 0, flex: 'none', position: 'sticky', top: 12 }}
        styles={{ body: { display: 'flex', flexDirection: 'column', height: 'calc(100vh - 26px)', padding: 0 } }}
      >
        <div style={{ flex: 1, minHeight: 0, overflowY: 'auto', padding: 12 }}>
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
        </div>
        <div style={{ flex: 'none', padding: 12, borderTop: '1px solid #f0f0f0' }}>
          <SaveActions
            saving={saves.saving}
            onSave={(mode) => void saves.save(mode)}
            quantity={saves.quantity}
            onQuantity={saves.setQuantity}
            onQuantityBlur={saves.settleQuantity}
            alsoVariants={opening.alsoKeyIds.length}
          />
        </div>
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
        open={draft.blocker.state === 'blocked'}
        title={t('editor.leaveTitle')}
        okText={t('editor.leave')}
        cancelText={t('editor.stay')}
        onOk={() => {
          draft.keepDraft();
          draft.blocker.proceed?.();
        }}
        onCancel={() => draft.blocker.reset?.()}
      >
        {t('editor.leaveBody')}
      </Modal>
      <CutpiecePreview open={cutpieceOpen} onClose={() => setCutpieceOpen(false)} state={state} product={product} recomposer={recomposer} />
    </Flex>
  );
}
