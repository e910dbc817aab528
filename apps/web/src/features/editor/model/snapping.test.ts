import { describe, expect, it } from 'vitest';
import { setHidden } from './commands';
import { snapPosition, snapTargets } from './snapping';
import { editor } from './testFixtures';

const square = { width: 100, height: 100, scale: 1, rotation: 0 };
/** Far from the canvas centre lines, so only the targets given matter. */
const FAR = 480;

describe('snapping to the canvas centre (docs/editor.md#layer-rules: within 5 px)', () => {
  it('snaps the centre at 4.9 px, not at 5.1 px', () => {
    expect(snapPosition(square, 304.9, FAR, [])).toEqual({
      x: 300,
      y: FAR,
      guides: [{ orientation: 'vertical', position: 300, start: 0, end: 600 }],
    });
    expect(snapPosition(square, 305.1, FAR, [])).toEqual({ x: 305.1, y: FAR, guides: [] });
    expect(snapPosition(square, FAR, 295.1, [])).toEqual({
      x: FAR,
      y: 300,
      guides: [{ orientation: 'horizontal', position: 300, start: 0, end: 600 }],
    });
    expect(snapPosition(square, FAR, 294.9, []).guides).toEqual([]);
  });

  it('snaps exactly at the threshold, on both axes at once', () => {
    const r = snapPosition(square, 305, 295, []);
    expect(r).toMatchObject({ x: 300, y: 300 });
    expect(r.guides.map((g) => g.orientation).sort()).toEqual(['horizontal', 'vertical']);
  });

  it('takes only the centre to the canvas centre, not the edges', () => {
    // Left edge at 301: 1 px from the centre line, but edges do not snap to it.
    expect(snapPosition(square, 351, FAR, []).guides).toEqual([]);
  });
});

describe('snapping to other layers (docs/editor.md#layer-rules: drag guides within 5 px)', () => {
  const target = { x: 0, y: 0, width: 100, height: 100 };

  it('snaps an edge to an edge: 4.9 px yes, 5.1 px no', () => {
    // Moving left edge at 104.9 → the target's right edge 100.
    const r = snapPosition(square, 154.9, FAR, [target]);
    expect(r.x).toBe(150);
    expect(r.guides).toEqual([{ orientation: 'vertical', position: 100, start: 0, end: FAR + 50 }]);
    expect(snapPosition(square, 155.1, FAR, [target])).toEqual({ x: 155.1, y: FAR, guides: [] });
  });

  it('snaps centre to centre and shows every line met', () => {
    const r = snapPosition(square, 53, FAR, [target]);
    // Centre 53 → 50: the left, centre and right lines all coincide with the target's.
    expect(r.x).toBe(50);
    expect(r.guides.map((g) => g.position)).toEqual([0, 50, 100]);
  });

  it('picks the nearest line when several are within the threshold', () => {
    const other = { x: 103, y: 0, width: 10, height: 10 };
    // Left edge at 102: 2 px to 100, 1 px to 103.
    expect(snapPosition(square, 152, FAR, [target, other]).x).toBe(153);
  });

  it('measures rotated layers by their bounding box', () => {
    const tall = { width: 200, height: 100, scale: 1, rotation: 90 };
    const post = { x: 300, y: 0, width: 10, height: 10 };
    // Turned 90°: 100 wide, so the left edge is at x − 50 = 302, 2 px from the post's left edge.
    expect(snapPosition(tall, 352, FAR, [post]).x).toBe(350);
    // Unturned: 200 wide, edges at 252 and 452, nothing within 5 px.
    expect(snapPosition({ ...tall, rotation: 0 }, 352, FAR, [post]).x).toBe(352);
  });

  it('snaps to the visible layers of the area other than the one dragged', () => {
    const s = editor();
    const targets = snapTargets(s, 'img');
    expect(targets).toHaveLength(3);
    expect(targets).toContainEqual({ x: 300, y: 310, width: 100, height: 100 });
    expect(snapTargets(setHidden(s, 'img2').state, 'img')).toHaveLength(2);
  });
});
