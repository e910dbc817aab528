import { useCallback, useEffect, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type Konva from 'konva';
import { Image as KonvaImage, Layer, Stage, Transformer } from 'react-konva';

/** The canvas's own size: positions and sizes are in these units, whatever width it is shown at. */
export const STAGE_SIZE = 480;
/** The width of the picture the preview gets (stage.toDataURL). */
const SNAPSHOT_SIZE = 360;
/** How far an arrow key moves the selected picture (Shift: ten times as far). */
const KEY_STEP = 4;

/** A picture on the canvas: its centre, natural box, turn and scale. */
export interface Placed {
  key: string;
  src: string;
  /** Shown to the seller and to assistive technology. */
  name: string;
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
  scaleX: number;
  scaleY: number;
}

export type PlacedChange = Partial<Pick<Placed, 'x' | 'y' | 'rotation' | 'scaleX' | 'scaleY'>>;

/** An <img> for a Konva image, once it has loaded; `onLoad` runs then. */
function useImageElement(src: string | undefined, onLoad: () => void): HTMLImageElement | undefined {
  const [loaded, setLoaded] = useState<{ src: string; image: HTMLImageElement }>();
  useEffect(() => {
    if (!src) return;
    const image = new Image();
    image.onload = () => {
      setLoaded({ src, image });
      onLoad();
    };
    image.src = src;
    return () => {
      image.onload = null;
    };
  }, [src, onLoad]);
  return loaded && loaded.src === src ? loaded.image : undefined;
}

function PlacedImage({
  item,
  onSelect,
  onChange,
  register,
  onLoad,
}: {
  item: Placed;
  onSelect: () => void;
  onChange: (change: PlacedChange) => void;
  register: (node: Konva.Image | null) => void;
  onLoad: () => void;
}) {
  const image = useImageElement(item.src, onLoad);
  return (
    <KonvaImage
      ref={register}
      image={image}
      name="placed"
      x={item.x}
      y={item.y}
      width={item.width}
      height={item.height}
      offsetX={item.width / 2}
      offsetY={item.height / 2}
      rotation={item.rotation}
      scaleX={item.scaleX}
      scaleY={item.scaleY}
      draggable
      onMouseDown={onSelect}
      onTap={onSelect}
      onDragStart={onSelect}
      onDragEnd={(e) => onChange({ x: e.target.x(), y: e.target.y() })}
      onTransformEnd={(e) => {
        const node = e.target;
        onChange({ x: node.x(), y: node.y(), rotation: node.rotation(), scaleX: node.scaleX(), scaleY: node.scaleY() });
      }}
    />
  );
}

function Background({ src, onLoad }: { src: string; onLoad: () => void }) {
  const image = useImageElement(src, onLoad);
  return <KonvaImage image={image} name="background" width={STAGE_SIZE} height={STAGE_SIZE} listening={false} />;
}

/**
 * The prototype's canvas (docs/mockup-prototype.md#the-page): a Konva stage holding the background and the
 * placed pictures, each dragged, turned and resized with a Transformer. It is shown at most STAGE_SIZE wide and
 * shrinks with its column. Focused (a click on it focuses it too), Delete removes the selected picture, the arrows
 * move it and Escape lets it go. After every change, and once each picture has loaded, it hands a picture of
 * itself (without the handles) to `onSnapshot`, or null when it is empty.
 */
export function MockupCanvas({
  items,
  background,
  selectedKey,
  label,
  onSelect,
  onChange,
  onRemove,
  onSnapshot,
}: {
  items: Placed[];
  background: string | undefined;
  selectedKey: string | null;
  label: string;
  onSelect: (key: string | null) => void;
  onChange: (key: string, change: PlacedChange) => void;
  onRemove: (key: string) => void;
  onSnapshot: (url: string | null) => void;
}) {
  const frame = useRef<HTMLDivElement>(null);
  const stage = useRef<Konva.Stage>(null);
  const transformer = useRef<Konva.Transformer>(null);
  const nodes = useRef(new Map<string, Konva.Image>());
  const [width, setWidth] = useState(STAGE_SIZE);
  // Bumped when a picture has loaded: the transformer and the snapshot follow.
  const [loads, setLoads] = useState(0);
  const loaded = useCallback(() => setLoads((n) => n + 1), []);

  useLayoutEffect(() => {
    const el = frame.current;
    if (!el) return;
    const measure = () => setWidth(Math.max(200, Math.min(STAGE_SIZE, Math.floor(el.clientWidth))));
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const tr = transformer.current;
    if (!tr) return;
    const node = selectedKey ? nodes.current.get(selectedKey) : undefined;
    tr.nodes(node ? [node] : []);
    tr.getLayer()?.batchDraw();
  }, [selectedKey, items, loads]);

  useEffect(() => {
    const s = stage.current;
    if (!s || (items.length === 0 && !background)) {
      onSnapshot(null);
      return;
    }
    const next = requestAnimationFrame(() => {
      const tr = transformer.current;
      tr?.visible(false);
      try {
        onSnapshot(s.toDataURL({ pixelRatio: SNAPSHOT_SIZE / width }));
      } finally {
        tr?.visible(true);
      }
    });
    return () => cancelAnimationFrame(next);
  }, [items, background, loads, width, onSnapshot]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') return onSelect(null);
    const item = items.find((i) => i.key === selectedKey);
    if (!item) return;
    if (e.key === 'Delete' || e.key === 'Backspace') {
      e.preventDefault();
      return onRemove(item.key);
    }
    const step = e.shiftKey ? KEY_STEP * 10 : KEY_STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, -step],
      ArrowDown: [0, step],
    };
    const move = moves[e.key];
    if (!move) return;
    e.preventDefault();
    onChange(item.key, { x: item.x + move[0], y: item.y + move[1] });
  };

  const scale = width / STAGE_SIZE;
  return (
    <div ref={frame} className="mockup-canvas-frame">
      <div
        className="mockup-canvas"
        data-testid="mockup-canvas"
        data-items={items.length}
        data-selected={selectedKey ?? ''}
        data-background={background ? 'true' : 'false'}
        role="application"
        aria-label={label}
        tabIndex={0}
        onKeyDown={onKeyDown}
        style={{ width, height: width }}
      >
        <Stage
          ref={stage}
          width={width}
          height={width}
          scaleX={scale}
          scaleY={scale}
          onMouseDown={(e) => {
            if (e.target === e.target.getStage()) onSelect(null);
          }}
          onTouchStart={(e) => {
            if (e.target === e.target.getStage()) onSelect(null);
          }}
        >
          <Layer>
            {background && <Background src={background} onLoad={loaded} />}
            {items.map((item) => (
              <PlacedImage
                key={item.key}
                item={item}
                onLoad={loaded}
                onSelect={() => onSelect(item.key)}
                onChange={(change) => onChange(item.key, change)}
                register={(node) => {
                  if (node) nodes.current.set(item.key, node);
                  else nodes.current.delete(item.key);
                }}
              />
            ))}
            <Transformer
              ref={transformer}
              rotationSnaps={[0, 45, 90, 135, 180, 225, 270, 315]}
              anchorSize={10}
              borderStroke="#3451d1"
              anchorStroke="#3451d1"
              boundBoxFunc={(old, next) => (Math.abs(next.width) < 16 || Math.abs(next.height) < 16 ? old : next)}
            />
          </Layer>
        </Stage>
      </div>
    </div>
  );
}
