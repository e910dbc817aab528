import { useCallback, useEffect, useState } from 'react';
import Konva from 'konva';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import type { MaterialItem } from '@app/contract';
import { useUserInfo } from '../../api';
import { useI18n } from '../../app/i18n';
import { AreaTabs } from './AreaTabs';
import { CropDialog } from './CropDialog';
import { CutpiecePreview } from './CutpiecePreview';
import { DesignStage } from './DesignStage';
import { DraftOffer, LeaveWarning } from './DraftOffer';
import { EditorToolbar } from './EditorToolbar';
import { MaterialColumn } from './MaterialColumn';
import { SidePanel } from './SidePanel';
import { Unreachable, useGoBack } from './Unreachable';
import { useCanvasImages } from './useCanvasImages';
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
  openEditor,
  redo,
  replaceLayerImage,
  restoreDraft,
  run,
  selectedLayer,
  setBackgroundColor,
  switchArea,
  undo,
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
  const { t } = useI18n();
  const { message } = useFeedback();
  const goBack = useGoBack();
  const editorHistory = useEditorHistory(() => createHistory(openEditor(product, opening.saved, sessionStorage)));
  const { history, historyRef, update, apply, gesture } = editorHistory;
  const state = history.present;
  const draft = useDraft({ userId, productId: product.id, keyId, historyRef, present: state });
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
  const { images, imageVersion, garment } = useCanvasImages(product, attrId, state.currentAreaId);

  const [warningOpen, setWarningOpen] = useState(true);
  const [grid, setGrid] = useState(false);
  const [eyedropper, setEyedropper] = useState(false);
  const [cutpieceOpen, setCutpieceOpen] = useState(false);
  const [cropOpen, setCropOpen] = useState(false);
  const [editingText, setEditingText] = useState<string | null>(null);

  const area = currentArea(state);
  const layer = selectedLayer(state);

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
      <MaterialColumn onAddMaterial={addMaterial} onAddText={() => apply((s) => addText(s))} />

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
        <AreaTabs
          state={state}
          onSwitch={(id) => {
            setEditingText(null);
            update((h) => run(h, (s) => switchArea(s, id, sessionStorage)));
          }}
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
        <DesignStage
          state={state}
          historyRef={historyRef}
          apply={apply}
          images={images}
          imageVersion={imageVersion}
          garment={garment}
          grid={grid}
          onPickColor={
            eyedropper
              ? (color) => {
                  setEyedropper(false);
                  apply((s) => setBackgroundColor(s, color));
                }
              : undefined
          }
          editingText={editingText}
          onEditText={setEditingText}
        />
      </Flex>

      <SidePanel
        state={state}
        product={product}
        attrId={attrId}
        apply={apply}
        gesture={gesture}
        saves={saves}
        alsoVariants={opening.alsoKeyIds.length}
        onViewCutpiece={() => setCutpieceOpen(true)}
      />
      <CropDialog
        open={cropOpen}
        layer={layer}
        onCancel={() => setCropOpen(false)}
        onCropped={(item) => {
          setCropOpen(false);
          if (layer) apply((s) => replaceLayerImage(s, layer.id, imageOf(item)));
        }}
      />
      <LeaveWarning
        open={draft.blocker.state === 'blocked'}
        onLeave={() => {
          draft.keepDraft();
          draft.blocker.proceed?.();
        }}
        onStay={() => draft.blocker.reset?.()}
      />
      <CutpiecePreview open={cutpieceOpen} onClose={() => setCutpieceOpen(false)} state={state} product={product} recomposer={recomposer} />
    </Flex>
  );
}
