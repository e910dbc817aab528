/**
 * Small SVG helpers of the demo catalogue's art: paths as data (so a half outline can be mirrored and a
 * view's print shape re-scaled into the 600×600 editor space) and the blur filters every layer shares.
 * The art is drawn in a 2000×2000 design space, whatever size it is rendered at.
 */

export const ART = 2000;

export type Pt = readonly [number, number];
interface Seg {
  cmd: 'L' | 'C' | 'Q';
  /** Control points, then the end point. */
  pts: Pt[];
}
export interface SubPath {
  start: Pt;
  segs: Seg[];
  closed: boolean;
}

const ARITY = { M: 1, L: 1, C: 3, Q: 2 } as const;

/** Parses a path of absolute M, L, C, Q, H, V and Z commands (all the art uses). */
export function parsePath(d: string): SubPath[] {
  const tokens = d.match(/[MLCQHVZ]|-?\d*\.?\d+(?:e-?\d+)?/gi) ?? [];
  const subs: SubPath[] = [];
  let cur: SubPath | undefined;
  let cmd = '';
  let i = 0;
  const num = () => Number(tokens[i++]);
  const last = (): Pt => {
    const seg = cur?.segs.at(-1);
    return seg ? seg.pts.at(-1)! : cur!.start;
  };
  while (i < tokens.length) {
    const t = tokens[i]!;
    if (/^[A-Za-z]$/.test(t)) {
      cmd = t;
      i++;
      if (cmd === 'Z') {
        cur!.closed = true;
        continue;
      }
    }
    if (cmd === 'M') {
      cur = { start: [num(), num()], segs: [], closed: false };
      subs.push(cur);
      cmd = 'L';
    } else if (cmd === 'H') cur!.segs.push({ cmd: 'L', pts: [[num(), last()[1]]] });
    else if (cmd === 'V') cur!.segs.push({ cmd: 'L', pts: [[last()[0], num()]] });
    else if (cmd === 'L' || cmd === 'C' || cmd === 'Q') {
      const pts: Pt[] = [];
      for (let k = 0; k < ARITY[cmd]; k++) pts.push([num(), num()]);
      cur!.segs.push({ cmd, pts });
    } else throw new Error(`unsupported path command ${cmd} in ${d}`);
  }
  return subs;
}

const r = (n: number) => String(Math.round(n * 100) / 100);

export function formatPath(subs: SubPath[], map: (p: Pt) => Pt = (p) => p): string {
  return subs
    .map((s) => {
      const p0 = map(s.start);
      const body = s.segs.map((g) => `${g.cmd}${g.pts.map((p) => map(p).map(r).join(' ')).join(' ')}`).join('');
      return `M${r(p0[0])} ${r(p0[1])}${body}${s.closed ? 'Z' : ''}`;
    })
    .join('');
}

/** The same path walked backwards. */
function reversed(s: SubPath): SubPath {
  const points: Pt[] = [s.start, ...s.segs.map((g) => g.pts.at(-1)!)];
  const segs: Seg[] = [];
  for (let k = s.segs.length - 1; k >= 0; k--) {
    const g = s.segs[k]!;
    const controls = g.pts.slice(0, -1).reverse();
    segs.push({ cmd: g.cmd, pts: [...controls, points[k]!] });
  }
  return { start: points.at(-1)!, segs, closed: s.closed };
}

/**
 * A closed outline symmetric about x = cx from its left half: `half` runs from a point on the axis down
 * the left side to another point on the axis; the right side is its mirror image walked back.
 */
export function symmetric(half: string, cx = ART / 2): string {
  const [left] = parsePath(half);
  if (!left) throw new Error('empty half path');
  const right = reversed({ ...left, start: [2 * cx - left.start[0], left.start[1]], segs: mirrorSegs(left.segs, cx) });
  return formatPath([{ start: left.start, segs: [...left.segs, ...right.segs], closed: true }]);
}

function mirrorSegs(segs: Seg[], cx: number): Seg[] {
  return segs.map((g) => ({ cmd: g.cmd, pts: g.pts.map(([x, y]) => [2 * cx - x, y] as Pt) }));
}

/** The mirror image of any path about x = cx. */
export function mirrorPath(d: string, cx = ART / 2): string {
  return formatPath(parsePath(d), ([x, y]) => [2 * cx - x, y]);
}

/** Scales and moves a path: p → p·s + (dx, dy). */
export function transformPath(d: string, s: number, dx: number, dy: number): string {
  return formatPath(parsePath(d), ([x, y]) => [x * s + dx, y * s + dy]);
}

export const rect = (x: number, y: number, w: number, h: number) => `M${r(x)} ${r(y)}H${r(x + w)}V${r(y + h)}H${r(x)}Z`;

/** A rounded rectangle as a path (quadratic corners are close enough to circular at these radii). */
export function roundRect(x: number, y: number, w: number, h: number, rad: number): string {
  const c = rad * 0.45;
  return (
    `M${r(x + rad)} ${r(y)}H${r(x + w - rad)}C${r(x + w - c)} ${r(y)} ${r(x + w)} ${r(y + c)} ${r(x + w)} ${r(y + rad)}` +
    `V${r(y + h - rad)}C${r(x + w)} ${r(y + h - c)} ${r(x + w - c)} ${r(y + h)} ${r(x + w - rad)} ${r(y + h)}` +
    `H${r(x + rad)}C${r(x + c)} ${r(y + h)} ${r(x)} ${r(y + h - c)} ${r(x)} ${r(y + h - rad)}` +
    `V${r(y + rad)}C${r(x)} ${r(y + c)} ${r(x + c)} ${r(y)} ${r(x + rad)} ${r(y)}Z`
  );
}

/** An ellipse as a path (four cubic arcs). */
export function ellipsePath(cx: number, cy: number, rx: number, ry: number): string {
  const k = 0.5523;
  return (
    `M${r(cx - rx)} ${r(cy)}C${r(cx - rx)} ${r(cy - ry * k)} ${r(cx - rx * k)} ${r(cy - ry)} ${r(cx)} ${r(cy - ry)}` +
    `C${r(cx + rx * k)} ${r(cy - ry)} ${r(cx + rx)} ${r(cy - ry * k)} ${r(cx + rx)} ${r(cy)}` +
    `C${r(cx + rx)} ${r(cy + ry * k)} ${r(cx + rx * k)} ${r(cy + ry)} ${r(cx)} ${r(cy + ry)}` +
    `C${r(cx - rx * k)} ${r(cy + ry)} ${r(cx - rx)} ${r(cy + ry * k)} ${r(cx - rx)} ${r(cy)}Z`
  );
}

/** The blur radii the art uses (standard deviations in art units). */
export type Blur = 8 | 14 | 24 | 40 | 60 | 90;

/** A complete SVG document of the art space rendered at `px` pixels square. */
export function svgDoc(px: number, background: string, body: string, defs = ''): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${px}" height="${px}" viewBox="0 0 ${ART} ${ART}">` +
    `<defs>${defs}</defs><rect width="${ART}" height="${ART}" fill="${background}"/>${body}</svg>`
  );
}

/**
 * A soft (blurred) layer: shapes grouped by blur radius (in art units). The rasteriser draws each group
 * unblurred and blurs it with libvips, far faster than SVG filters. Dark shapes on white (light,
 * shadow) combine by multiplying the groups, light shapes on black (sheen) by screening them, which is
 * exactly what drawing the blurred groups over one another gives.
 */
export class Soft {
  private readonly byBlur = new Map<number, string[]>();

  add(blur: Blur, markup: string, opacity = 1): this {
    const list = this.byBlur.get(blur) ?? [];
    list.push(opacity === 1 ? markup : `<g opacity="${opacity}">${markup}</g>`);
    this.byBlur.set(blur, list);
    return this;
  }

  /** The same layer with every group's markup passed through `f` (a mirroring transform, say). */
  map(f: (markup: string) => string): Soft {
    const copy = new Soft();
    for (const [blur, list] of this.byBlur) copy.byBlur.set(blur, [f(list.join(''))]);
    return copy;
  }

  levels(): { blur: number; markup: string }[] {
    return [...this.byBlur.entries()].sort(([a], [b]) => a - b).map(([blur, list]) => ({ blur, markup: list.join('') }));
  }
}

/** A stroke along `d`: fold lines, seams, stitching. */
export const line = (d: string, width: number, color: string, extra = '') =>
  `<path d="${d}" fill="none" stroke="${color}" stroke-width="${width}" ${extra.includes('linecap') ? '' : 'stroke-linecap="round" '}stroke-linejoin="round" ${extra}/>`;

/** Stitching: short dashes along `d`. */
export const stitch = (d: string, opacity = 0.32, width = 3, dash = '10 7') =>
  line(d, width, '#000', `stroke-dasharray="${dash}" opacity="${opacity}"`);
