import { CANVAS_SIZE, SNAP_THRESHOLD_PX } from '@app/contract';
import type { Layer } from '@app/design';
import { layerBounds, tidy, type Box } from './geometry';
import { CANVAS_CENTER, currentArea, visibleLayers, type EditorState } from './state';

/**
 * Drag snapping (docs/editor.md#layer-rules, threshold 5 px): a dragged layer's centre snaps to the canvas centre, and its
 * edges and centre to the edges and centres of the other layers, each axis on its own. All on the rotated
 * layers' axis-aligned bounding boxes. Pure geometry: the canvas draws the guides returned.
 */

/** A guide line to draw: vertical at x = position (from y start to end), or horizontal at y = position. */
export interface Guide {
  orientation: 'vertical' | 'horizontal';
  position: number;
  start: number;
  end: number;
}

export interface SnapResult {
  /** The layer's centre after snapping. */
  x: number;
  y: number;
  guides: Guide[];
}

type Movable = Pick<Layer, 'width' | 'height' | 'scale' | 'rotation'>;

interface Line {
  at: number;
  /** Span of the object the line belongs to, across the other axis. */
  from: number;
  to: number;
}

const edges = (start: number, size: number) => [start, start + size / 2, start + size];

/**
 * Snaps the centre `x`, `y` proposed by a drag. `targets` are the other objects' boxes (see `snapTargets`).
 * A distance of at most `threshold` snaps; the nearest line wins on each axis.
 */
export function snapPosition(
  layer: Movable,
  x: number,
  y: number,
  targets: readonly Box[],
  threshold: number = SNAP_THRESHOLD_PX,
): SnapResult {
  const box = layerBounds({ ...layer, x, y });
  const canvasX: Line = { at: CANVAS_CENTER, from: 0, to: CANVAS_SIZE };
  const canvasY: Line = canvasX;
  const targetsX = targets.flatMap((t) => edges(t.x, t.width).map((at) => ({ at, from: t.y, to: t.y + t.height })));
  const targetsY = targets.flatMap((t) => edges(t.y, t.height).map((at) => ({ at, from: t.x, to: t.x + t.width })));

  // The canvas centre takes the layer's centre only; other objects take its edges and centre.
  const sx = snapAxis(
    [
      { own: [x], lines: [canvasX] },
      { own: edges(box.x, box.width), lines: targetsX },
    ],
    threshold,
  );
  const sy = snapAxis(
    [
      { own: [y], lines: [canvasY] },
      { own: edges(box.y, box.height), lines: targetsY },
    ],
    threshold,
  );
  const nx = tidy(x + sx.delta);
  const ny = tidy(y + sy.delta);
  const after = layerBounds({ ...layer, x: nx, y: ny });

  const guides: Guide[] = [
    ...sx.lines.map((l) => ({
      orientation: 'vertical' as const,
      position: tidy(l.at),
      start: Math.min(l.from, after.y),
      end: Math.max(l.to, after.y + after.height),
    })),
    ...sy.lines.map((l) => ({
      orientation: 'horizontal' as const,
      position: tidy(l.at),
      start: Math.min(l.from, after.x),
      end: Math.max(l.to, after.x + after.width),
    })),
  ];
  return { x: nx, y: ny, guides: dedupe(guides) };
}

/** The nearest line within the threshold on one axis, and every line the layer meets once moved by it. */
function snapAxis(groups: { own: number[]; lines: Line[] }[], threshold: number): { delta: number; lines: Line[] } {
  let best: number | undefined;
  for (const g of groups)
    for (const o of g.own)
      for (const l of g.lines) {
        const d = l.at - o;
        if (Math.abs(d) <= threshold && (best === undefined || Math.abs(d) < Math.abs(best))) best = d;
      }
  if (best === undefined) return { delta: 0, lines: [] };
  const delta = best;
  const lines = groups.flatMap((g) => g.lines.filter((l) => g.own.some((o) => Math.abs(l.at - (o + delta)) < 1e-6)));
  return { delta, lines };
}

function dedupe(guides: Guide[]): Guide[] {
  const byLine = new Map<string, Guide>();
  for (const g of guides) {
    const key = `${g.orientation}:${g.position}`;
    const seen = byLine.get(key);
    byLine.set(key, seen ? { ...g, start: Math.min(seen.start, g.start), end: Math.max(seen.end, g.end) } : g);
  }
  return [...byLine.values()];
}

/** The boxes a layer snaps to: every other visible layer of the current area. */
export function snapTargets(state: EditorState, movingId: string): Box[] {
  return visibleLayers(currentArea(state))
    .filter((l) => l.id !== movingId)
    .map(layerBounds);
}
