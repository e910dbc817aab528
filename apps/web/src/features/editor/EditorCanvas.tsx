import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type Konva from 'konva';
import { Image as KonvaImage, Layer as KonvaLayer, Line, Path, Rect, Stage, Transformer } from 'react-konva';
import { CANVAS_SIZE } from '@app/contract';
import type { Layer } from '@app/design';
import { LayerHandle, LayerPicture, liveLayer, type HandleEvents, type Register } from './CanvasLayer';
import type { ImageCache } from './imageCache';
import { layerFlags, snapPosition, snapTargets, visibleLayers, type AreaState, type Box, type EditorState, type Guide } from './model';

/** The blank's photo behind the area, in editor space (model/garment.ts); `image` once it has loaded. */
export interface Garment extends Box {
  image: HTMLImageElement | undefined;
}

export interface CanvasProps {
  state: EditorState;
  area: AreaState;
  images: ImageCache;
  /** Bumped when an image finishes loading, so the shapes redraw. */
  imageVersion: number;
  onSelect: (id: string | null) => void;
  onTap: (id: string) => void;
  /** A drag ended at this (snapped) centre. */
  onMove: (id: string, x: number, y: number) => void;
  /** The transformer's handles were released. */
  onTransform: (id: string, t: { x: number; y: number; rotation: number; scale: number }) => void;
  /** The auxiliary grid (toolbar). */
  grid: boolean;
  /** Eyedropper mode: the next click on the canvas answers the colour under it instead of selecting. */
  onPickColor?: (color: string) => void;
  /** The blank's photo drawn behind the design; none when the catalogue has no photo of this area. */
  garment?: Garment;
}

/** Spacing of the auxiliary grid in editor pixels: 12 cells across the canvas. */
const GRID_STEP = 50;
const GRID_LINES = Array.from({ length: CANVAS_SIZE / GRID_STEP - 1 }, (_, i) => (i + 1) * GRID_STEP);

const sameGuides = (a: Guide[], b: Guide[]) =>
  a.length === b.length &&
  a.every((g, i) => {
    const h = b[i]!;
    return g.orientation === h.orientation && g.position === h.position && g.start === h.start && g.end === h.end;
  });

/**
 * The 600×600 design canvas (docs/editor.md). Every layer is drawn by packages/design's render() (the same code
 * as the preview and the server's print image) and grabbed through an invisible handle.
 *
 * The selected layer's picture gets a Konva layer (its own canvas) between the pictures below and above
 * it: dragging or turning it redraws that one canvas, not a hundred images (60 fps with 100
 * layers). Handles, outline, grid, guides and the transformer live on an overlay that is never part of the
 * design.
 */
export function EditorCanvas(props: CanvasProps) {
  const { state, area, images, imageVersion, onSelect, onTap, onMove, onTransform, grid, onPickColor, garment } = props;
  const info = state.areaList.find((a) => a.id === state.currentAreaId)!;
  const layers = visibleLayers(area);
  const selectedIndex = layers.findIndex((l) => l.id === state.selectedId);
  const selected = layers[selectedIndex];
  const pictures = useRef(new Map<string, Konva.Shape>());
  const handles = useRef(new Map<string, Konva.Shape>());
  const transformer = useRef<Konva.Transformer>(null);
  const [guides, setGuides] = useState<Guide[]>([]);

  // The events read the latest props through a ref, so they stay the same object for the memoised handles.
  const latest = useRef({ state, onSelect, onTap, onMove, onTransform });
  useLayoutEffect(() => {
    latest.current = { state, onSelect, onTap, onMove, onTransform };
  });
  const targets = useRef<ReturnType<typeof snapTargets>>([]);
  const guidesShown = useRef<Guide[]>([]);
  const events = useMemo<HandleEvents>(() => {
    const showGuides = (next: Guide[]) => {
      // Only a change re-renders: a drag moves many times a second and mostly keeps the same guides.
      if (sameGuides(guidesShown.current, next)) return;
      guidesShown.current = next;
      setGuides(next);
    };
    /** The picture follows its handle while the seller moves or turns it. */
    const follow = (layer: Layer, handle: Konva.Node) => {
      const picture = pictures.current.get(layer.id);
      if (!picture) return;
      picture.setAttrs({ x: handle.x(), y: handle.y(), rotation: handle.rotation(), scaleX: handle.scaleX(), scaleY: handle.scaleY() });
      picture.getLayer()?.batchDraw();
    };
    /** Both nodes back where the state has the layer: the state decides where it ends up (it may refuse). */
    const reset = (layer: Layer, handle: Konva.Node) => {
      for (const node of [handle, pictures.current.get(layer.id)])
        node?.setAttrs({ x: layer.x, y: layer.y, rotation: layer.rotation, scaleX: 1, scaleY: 1 });
      pictures.current.get(layer.id)?.getLayer()?.batchDraw();
    };
    return {
      select: (id) => latest.current.onSelect(id),
      tap: (id) => latest.current.onTap(id),
      dragStart: (layer) => {
        // The other layers do not move during a drag: their snapping lines are computed once.
        targets.current = snapTargets(latest.current.state, layer.id);
      },
      dragMove: (layer, node) => {
        const snap = snapPosition(liveLayer(layer, node), node.x(), node.y(), targets.current);
        node.position({ x: snap.x, y: snap.y });
        follow(layer, node);
        showGuides(snap.guides);
      },
      dragEnd: (layer, node) => {
        const { x, y } = node.position();
        reset(layer, node);
        showGuides([]);
        latest.current.onMove(layer.id, x, y);
      },
      transform: follow,
      transformEnd: (layer, node) => {
        const live = liveLayer(layer, node);
        reset(layer, node);
        latest.current.onTransform(layer.id, { x: live.x, y: live.y, rotation: live.rotation, scale: live.scale });
      },
    };
  }, []);
  const registerPicture = useCallback<Register>((id, node) => {
    if (node) pictures.current.set(id, node);
    else pictures.current.delete(id);
  }, []);
  const registerHandle = useCallback<Register>((id, node) => {
    if (node) handles.current.set(id, node);
    else handles.current.delete(id);
  }, []);

  useEffect(() => {
    const tr = transformer.current;
    if (!tr) return;
    const node = selected && !layerFlags(area, selected.id).locked ? handles.current.get(selected.id) : undefined;
    tr.nodes(node ? [node] : []);
    tr.getLayer()?.batchDraw();
  }, [selected, area]);

  const picture = (layer: Layer) => (
    <LayerPicture key={layer.id} layer={layer} areaId={info.id} images={images} imageVersion={imageVersion} register={registerPicture} />
  );
  const below = selected ? layers.slice(0, selectedIndex) : layers;
  const above = selected ? layers.slice(selectedIndex + 1) : [];
  const listening = !onPickColor;

  return (
    <Stage
      width={CANVAS_SIZE}
      height={CANVAS_SIZE}
      style={{ cursor: onPickColor ? 'crosshair' : undefined }}
      onMouseDown={(e) => {
        const stage = e.target.getStage();
        if (onPickColor && stage) {
          const pos = stage.getPointerPosition();
          if (!pos) return;
          // The design's own pixels: the overlay (outline, grid, guides, handles) is left out.
          const overlay = stage.findOne('.overlay');
          overlay?.hide();
          const pixel = stage.toCanvas({ x: Math.floor(pos.x), y: Math.floor(pos.y), width: 1, height: 1, pixelRatio: 1 });
          overlay?.show();
          const [r = 0, g = 0, b = 0, a = 0] = pixel.getContext('2d')?.getImageData(0, 0, 1, 1).data ?? [];
          onPickColor(`rgba(${r}, ${g}, ${b}, ${Math.round((a / 255) * 100) / 100})`);
          return;
        }
        if (e.target === stage || e.target.name() === 'backdrop') onSelect(null);
      }}
      onTouchStart={(e) => {
        if (e.target === e.target.getStage() || e.target.name() === 'backdrop') onSelect(null);
      }}
    >
      {/* Never part of the design nor the print: the blank's photo, on its own canvas that a drag never redraws. */}
      {garment && (
        <KonvaLayer name="garment" listening={false}>
          <Rect width={CANVAS_SIZE} height={CANVAS_SIZE} fill="#ffffff" />
          {garment.image && (
            <KonvaImage
              name="garment-photo"
              image={garment.image}
              x={garment.x}
              y={garment.y}
              width={garment.width}
              height={garment.height}
            />
          )}
        </KonvaLayer>
      )}
      <KonvaLayer name="design-below" listening={listening}>
        {garment ? (
          // Over the photo the background colour covers the area's box only: that box is what is printed.
          <Rect name="backdrop" {...info.bbox} fill={area.background || undefined} />
        ) : (
          <Rect name="backdrop" width={CANVAS_SIZE} height={CANVAS_SIZE} fill={area.background || '#ffffff'} />
        )}
        {below.map(picture)}
      </KonvaLayer>
      <KonvaLayer name="design-selected" listening={false}>
        {selected && picture(selected)}
      </KonvaLayer>
      <KonvaLayer name="design-above" listening={false}>
        {above.map(picture)}
      </KonvaLayer>
      {/* Never part of the design: the layers' handles, the printable outline, the grid, guides and the transformer. */}
      <KonvaLayer name="overlay" listening={listening}>
        {layers.map((layer) => (
          <LayerHandle
            key={layer.id}
            layer={layer}
            draggable={!layerFlags(area, layer.id).locked && layer.status !== 'background'}
            events={events}
            register={registerHandle}
          />
        ))}
        {grid &&
          GRID_LINES.flatMap((p) => [
            <Line
              key={`v${p}`}
              name="grid"
              points={[p, 0, p, CANVAS_SIZE]}
              stroke="#94a3b8"
              strokeWidth={p === CANVAS_SIZE / 2 ? 1 : 0.5}
              opacity={0.6}
              listening={false}
            />,
            <Line
              key={`h${p}`}
              name="grid"
              points={[0, p, CANVAS_SIZE, p]}
              stroke="#94a3b8"
              strokeWidth={p === CANVAS_SIZE / 2 ? 1 : 0.5}
              opacity={0.6}
              listening={false}
            />,
          ])}
        <Path name="area-outline" data={info.areaPath} stroke="#22c55e" strokeWidth={2} dash={[8, 6]} listening={false} />
        {guides.map((g, i) => (
          <Line
            key={i}
            name="guide"
            points={g.orientation === 'vertical' ? [g.position, g.start, g.position, g.end] : [g.start, g.position, g.end, g.position]}
            stroke="#f43f5e"
            strokeWidth={1}
            dash={[4, 4]}
            listening={false}
          />
        ))}
        <Transformer
          ref={transformer}
          name="transformer"
          keepRatio
          enabledAnchors={['top-left', 'top-right', 'bottom-left', 'bottom-right']}
          rotationSnaps={[0, 45, 90, 135, 180, 225, 270, 315]}
          boundBoxFunc={(oldBox, newBox) => (newBox.width < 5 || newBox.height < 5 ? oldBox : newBox)}
        />
      </KonvaLayer>
    </Stage>
  );
}
