import { useEffect, useRef, useState } from 'react';
import type Konva from 'konva';
import { Layer as KonvaLayer, Line, Path, Rect, Shape, Stage, Transformer } from 'react-konva';
import { CANVAS_SIZE } from '@app/contract';
import { render, type Ctx2D, type Layer } from '@app/design';
import { layerFlags, snapPosition, snapTargets, visibleLayers, type AreaState, type EditorState, type Guide } from './model';

/** Decoded images by URL, shared by every shape; `onLoad` asks for a redraw when one arrives. */
export class ImageCache {
  private readonly images = new Map<string, HTMLImageElement>();
  constructor(private readonly onLoad: () => void) {}

  get(src: string): HTMLImageElement | undefined {
    let img = this.images.get(src);
    if (!img) {
      img = new Image();
      img.crossOrigin = 'anonymous';
      img.onload = this.onLoad;
      img.src = src;
      this.images.set(src, img);
    }
    return img.complete && img.naturalWidth > 0 ? img : undefined;
  }
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
}

/** The layer as the node shows it right now: during a drag or a transform the node runs ahead of the state. */
function liveLayer(layer: Layer, node: Konva.Node): Layer {
  return { ...layer, x: node.x(), y: node.y(), rotation: node.rotation(), scale: layer.scale * node.scaleX() };
}

/**
 * The 600×600 design canvas (SPEC §2.6). Every layer is a Konva shape whose scene function calls
 * packages/design's render() (the same code as the preview and the server's print image); the node only
 * carries position, rotation and size for hit testing, dragging and the transformer.
 */
export function EditorCanvas({ state, area, images, imageVersion, onSelect, onTap, onMove, onTransform }: CanvasProps) {
  const info = state.areaList.find((a) => a.id === state.currentAreaId)!;
  const layers = visibleLayers(area);
  const selected = layers.find((l) => l.id === state.selectedId);
  const nodes = useRef(new Map<string, Konva.Shape>());
  const transformer = useRef<Konva.Transformer>(null);
  const [guides, setGuides] = useState<Guide[]>([]);

  useEffect(() => {
    const tr = transformer.current;
    if (!tr) return;
    const node = selected && !layerFlags(area, selected.id).locked ? nodes.current.get(selected.id) : undefined;
    tr.nodes(node ? [node] : []);
    tr.getLayer()?.batchDraw();
  }, [selected, area]);

  useEffect(() => {
    // An image arrived: redraw the shapes with it.
    nodes.current.forEach((n) => n.getLayer()?.batchDraw());
  }, [imageVersion]);

  return (
    <Stage
      width={CANVAS_SIZE}
      height={CANVAS_SIZE}
      onMouseDown={(e) => {
        if (e.target === e.target.getStage() || e.target.name() === 'backdrop') onSelect(null);
      }}
      onTouchStart={(e) => {
        if (e.target === e.target.getStage() || e.target.name() === 'backdrop') onSelect(null);
      }}
    >
      <KonvaLayer>
        <Rect name="backdrop" width={CANVAS_SIZE} height={CANVAS_SIZE} fill={area.background || '#ffffff'} />
        {layers.map((layer) => {
          const locked = layerFlags(area, layer.id).locked;
          const w = Math.max(1, layer.width * layer.scale);
          const h = Math.max(1, layer.height * layer.scale);
          return (
            <Shape
              key={layer.id}
              ref={(node) => {
                if (node) nodes.current.set(layer.id, node);
                else nodes.current.delete(layer.id);
              }}
              x={layer.x}
              y={layer.y}
              width={w}
              height={h}
              offsetX={w / 2}
              offsetY={h / 2}
              rotation={layer.rotation}
              draggable={!locked && layer.status !== 'background'}
              sceneFunc={(ctx, shape) => {
                // Undo the node's own transform: render() places the layer itself, in editor units.
                const m = shape.getTransform().copy().invert().getMatrix();
                const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = m;
                ctx.transform(a, b, c, d, e, f);
                const live = liveLayer(layer, shape);
                render(
                  ctx._context as unknown as Ctx2D<CanvasImageSource>,
                  { id: info.id, background: '', layers: [live] },
                  {
                    pixelRatio: 1,
                    imageOf: (l) => (l.type === 'image' ? images.get(l.image || l.src) : undefined),
                  },
                );
              }}
              hitFunc={(ctx, shape) => {
                ctx.beginPath();
                ctx.rect(0, 0, shape.width(), shape.height());
                ctx.closePath();
                ctx.fillStrokeShape(shape);
              }}
              onMouseDown={() => onSelect(layer.id)}
              onTouchStart={() => onSelect(layer.id)}
              onClick={() => onTap(layer.id)}
              onTap={() => onTap(layer.id)}
              onDragMove={(e) => {
                const node = e.target;
                const snap = snapPosition(liveLayer(layer, node), node.x(), node.y(), snapTargets(state, layer.id));
                node.position({ x: snap.x, y: snap.y });
                setGuides(snap.guides);
              }}
              onDragEnd={(e) => {
                const node = e.target;
                const x = node.x();
                const y = node.y();
                // The state decides where the layer ends up (it may refuse the move).
                node.position({ x: layer.x, y: layer.y });
                setGuides([]);
                onMove(layer.id, x, y);
              }}
              onTransformEnd={(e) => {
                const node = e.target;
                const live = liveLayer(layer, node);
                node.scale({ x: 1, y: 1 });
                node.position({ x: layer.x, y: layer.y });
                node.rotation(layer.rotation);
                onTransform(layer.id, { x: live.x, y: live.y, rotation: live.rotation, scale: live.scale });
              }}
            />
          );
        })}
        <Path data={info.areaPath} stroke="#22c55e" strokeWidth={2} dash={[8, 6]} listening={false} />
        {guides.map((g, i) => (
          <Line
            key={i}
            points={g.orientation === 'vertical' ? [g.position, g.start, g.position, g.end] : [g.start, g.position, g.end, g.position]}
            stroke="#f43f5e"
            strokeWidth={1}
            dash={[4, 4]}
            listening={false}
          />
        ))}
        <Transformer
          ref={transformer}
          keepRatio
          enabledAnchors={['top-left', 'top-right', 'bottom-left', 'bottom-right']}
          rotationSnaps={[0, 45, 90, 135, 180, 225, 270, 315]}
          boundBoxFunc={(oldBox, newBox) => (newBox.width < 5 || newBox.height < 5 ? oldBox : newBox)}
        />
      </KonvaLayer>
    </Stage>
  );
}
