import { memo, useCallback } from 'react';
import type Konva from 'konva';
import { Shape } from 'react-konva';
import { render, type Ctx2D, type Layer } from '@app/design';
import type { ImageCache } from './imageCache';

/**
 * One layer on the design canvas, in two parts: its picture (drawn by packages/design's render(), as the
 * preview and the server's print image are) and an invisible handle the seller grabs (EditorCanvas).
 */

/** The layer as the node shows it right now: during a drag or a transform the node runs ahead of the state. */
export function liveLayer(layer: Layer, node: Konva.Node): Layer {
  return { ...layer, x: node.x(), y: node.y(), rotation: node.rotation(), scale: layer.scale * node.scaleX() };
}

/** What a layer's handle does when the seller handles it; stable across renders (they read the latest state). */
export interface HandleEvents {
  select: (id: string) => void;
  tap: (id: string) => void;
  dragStart: (layer: Layer) => void;
  dragMove: (layer: Layer, node: Konva.Node) => void;
  dragEnd: (layer: Layer, node: Konva.Node) => void;
  transform: (layer: Layer, node: Konva.Node) => void;
  transformEnd: (layer: Layer, node: Konva.Node) => void;
}

export type Register = (id: string, node: Konva.Shape | null) => void;

/** Position, turn and size of a layer's nodes, from the state. */
function placement(layer: Layer) {
  const width = Math.max(1, layer.width * layer.scale);
  const height = Math.max(1, layer.height * layer.scale);
  return { x: layer.x, y: layer.y, width, height, offsetX: width / 2, offsetY: height / 2, rotation: layer.rotation };
}

/**
 * How a layer looks: a Konva shape whose scene function calls packages/design's render(). It takes no
 * events (its handle does). Memoised, so a change to one layer does not hand new scene functions to the
 * others and make their canvas redraw.
 */
export const LayerPicture = memo(function LayerPicture(props: {
  layer: Layer;
  areaId: string;
  images: ImageCache;
  imageVersion: number;
  register: Register;
}) {
  const { layer, areaId, images, imageVersion, register } = props;
  const sceneFunc = useCallback(
    (ctx: Konva.Context, shape: Konva.Shape) => {
      // Undo the node's own transform: render() places the layer itself, in editor units.
      const [a = 1, b = 0, c = 0, d = 1, e = 0, f = 0] = shape.getTransform().copy().invert().getMatrix();
      ctx.transform(a, b, c, d, e, f);
      render(
        (ctx as unknown as { _context: Ctx2D<CanvasImageSource> })._context,
        { id: areaId, background: '', layers: [liveLayer(layer, shape)] },
        { pixelRatio: 1, imageOf: (l) => (l.type === 'image' ? images.get(l.image || l.src) : undefined) },
      );
    },
    // imageVersion: an image (or font) arrived, so the same layer now draws differently.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [layer, areaId, images, imageVersion],
  );
  return <Shape ref={(node) => register(layer.id, node)} {...placement(layer)} sceneFunc={sceneFunc} listening={false} />;
});

/**
 * What the seller grabs: an invisible box over the layer on the overlay, draggable and held by the
 * transformer. It never changes Konva layer, so a press that selects a layer can go on into a drag.
 */
export const LayerHandle = memo(function LayerHandle(props: {
  layer: Layer;
  draggable: boolean;
  events: HandleEvents;
  register: Register;
}) {
  const { layer, draggable, events, register } = props;
  return (
    <Shape
      ref={(node) => register(layer.id, node)}
      name="handle"
      {...placement(layer)}
      draggable={draggable}
      sceneFunc={drawNothing}
      hitFunc={hitBox}
      onMouseDown={() => events.select(layer.id)}
      onTouchStart={() => events.select(layer.id)}
      onClick={() => events.tap(layer.id)}
      onTap={() => events.tap(layer.id)}
      onDragStart={() => events.dragStart(layer)}
      onDragMove={(e) => events.dragMove(layer, e.target)}
      onDragEnd={(e) => events.dragEnd(layer, e.target)}
      onTransform={(e) => events.transform(layer, e.target)}
      onTransformEnd={(e) => events.transformEnd(layer, e.target)}
    />
  );
});

function drawNothing() {}

function hitBox(ctx: Konva.Context, shape: Konva.Shape) {
  ctx.beginPath();
  ctx.rect(0, 0, shape.width(), shape.height());
  ctx.closePath();
  ctx.fillStrokeShape(shape);
}
