import { useRef, type MutableRefObject } from 'react';
import { LoadingOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { useI18n } from '../../app/i18n';
import { EditorCanvas, type Garment } from './EditorCanvas';
import type { ImageCache } from './imageCache';
import { TextEditOverlay } from './TextEditOverlay';
import type { EditorHistory } from './useEditorHistory';
import {
  currentArea,
  findLayer,
  moveLayer,
  selectLayer,
  setText,
  tapLayer,
  transformLayer,
  visibleLayers,
  type EditorState,
  type History,
  type Tap,
} from './model';

/**
 * The 600×600 canvas in its frame: the design area drawn on the blank, a text layer's editor over it when
 * a text is tapped twice, and a "loading images" tag until every image of the area has arrived (the frame
 * says `data-interactive` once there are none).
 */
export function DesignStage({
  state,
  historyRef,
  apply,
  images,
  imageVersion,
  garment,
  grid,
  onPickColor,
  editingText,
  onEditText,
}: {
  state: EditorState;
  /** The latest history, for taps between renders. */
  historyRef: MutableRefObject<History>;
  apply: EditorHistory['apply'];
  images: ImageCache;
  imageVersion: number;
  garment: Garment | undefined;
  grid: boolean;
  /** Eyedropper mode: the next click answers the colour under it. */
  onPickColor: ((color: string) => void) | undefined;
  /** The text layer being edited in place, if any. */
  editingText: string | null;
  onEditText: (layerId: string | null) => void;
}) {
  const { t } = useI18n();
  const lastTap = useRef<Tap | null>(null);
  const area = currentArea(state);
  // Images of the current area still loading: the canvas is interactive (and says so) once there are none.
  const imagesPending = visibleLayers(area).filter((l) => l.type === 'image' && images.pending(l.image || l.src)).length;
  const editing = editingText ? findLayer(state, editingText) : undefined;
  return (
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
        onPickColor={onPickColor}
        onSelect={(id) => apply((s) => selectLayer(s, id))}
        onTap={(id) => {
          const tap = tapLayer(historyRef.current.present, lastTap.current, { layerId: id, time: Date.now() });
          lastTap.current = tap.last;
          if (tap.editTextOf) onEditText(tap.editTextOf);
        }}
        onMove={(id, x, y) => apply((s) => moveLayer(s, id, x, y))}
        onTransform={(id, tr) => apply((s) => transformLayer(s, id, tr))}
      />
      {editing?.type === 'text' && (
        <TextEditOverlay
          key={editing.id}
          layer={editing}
          onDone={(text) => {
            onEditText(null);
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
  );
}
