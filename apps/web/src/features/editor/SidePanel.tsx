import { Card, Typography } from 'antd';
import type { ProductDetail } from '@app/contract';
import { useI18n } from '../../app/i18n';
import { LayerList } from './LayerList';
import { LayerTools } from './LayerTools';
import { MockupPreview } from './MockupPreview';
import { SaveActions } from './SaveActions';
import type { EditorHistory } from './useEditorHistory';
import type { useSave } from './useSave';
import { currentArea, selectedLayer, type EditorState } from './model';

/**
 * The right-hand panel (docs/editor.md#the-right-hand-panel): the selected layer's tools, the layer list and
 * the live mockup preview scroll inside it; the save actions sit at its foot.
 */
export function SidePanel({
  state,
  product,
  attrId,
  apply,
  gesture,
  saves,
  alsoVariants,
  onViewCutpiece,
}: {
  state: EditorState;
  product: ProductDetail;
  attrId: number;
  apply: EditorHistory['apply'];
  gesture: EditorHistory['gesture'];
  saves: ReturnType<typeof useSave>;
  /** Other variants re-designed together with this one. */
  alsoVariants: number;
  onViewCutpiece: () => void;
}) {
  const { t } = useI18n();
  const area = currentArea(state);
  const layer = selectedLayer(state);
  return (
    // Viewport-high, with the save actions at its foot: they stay in view however tall the tools and the
    // mockup preview above them grow.
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
          <MockupPreview state={state} product={product} attrId={attrId} onViewCutpiece={onViewCutpiece} />
        </div>
      </div>
      <div style={{ flex: 'none', padding: 12, borderTop: '1px solid #f0f0f0' }}>
        <SaveActions
          saving={saves.saving}
          onSave={(mode) => void saves.save(mode)}
          quantity={saves.quantity}
          onQuantity={saves.setQuantity}
          onQuantityBlur={saves.settleQuantity}
          alsoVariants={alsoVariants}
        />
      </div>
    </Card>
  );
}
