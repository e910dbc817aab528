import { areaOnView, cutpieceSvg, type DemoBlank } from '../blank.js';
import type { ViewArt } from '../render.js';
import { ART, line, rect, Soft } from '../svg.js';

// A framed print on a wall: a wooden moulding (the colour), a white mat, the print behind glass.
const FRAME = { x: 560, y: 380, w: 880, h: 1210 };
const MOULD = 58;
const INNER = { x: FRAME.x + MOULD, y: FRAME.y + MOULD, w: FRAME.w - 2 * MOULD, h: FRAME.h - 2 * MOULD };
const WINDOW_W = 640;
const WINDOW_H = 905.1;
const WINDOW = { x: 1000 - WINDOW_W / 2, y: INNER.y + (INNER.h - WINDOW_H) / 2 - 12, w: WINDOW_W, h: WINDOW_H };

const FRAME_D = rect(FRAME.x, FRAME.y, FRAME.w, FRAME.h);
const INNER_D = rect(INNER.x, INNER.y, INNER.w, INNER.h);
const WINDOW_D = rect(WINDOW.x, WINDOW.y, WINDOW.w, WINDOW.h);

function posterArt(placement: { x: number; y: number; width: number; height: number }): ViewArt {
  const { x, y, w, h } = FRAME;
  const i = INNER;
  const light = new Soft();
  // Moulding lit from the upper left: top and left faces bright, right and bottom in shade.
  light.add(
    8,
    `<path d="M${x + w} ${y}L${i.x + i.w} ${i.y}L${i.x + i.w} ${i.y + i.h}L${x + w} ${y + h}Z" fill="#000" opacity=".2"/>` +
      `<path d="M${x} ${y + h}L${i.x} ${i.y + i.h}L${i.x + i.w} ${i.y + i.h}L${x + w} ${y + h}Z" fill="#000" opacity=".27"/>` +
      `<path d="M${x} ${y}L${i.x} ${i.y}L${i.x} ${i.y + i.h}L${x} ${y + h}Z" fill="#000" opacity=".08"/>`,
  );
  // The moulding is rounded: a soft crease along its middle.
  light.add(8, `<path d="${rect(x + MOULD / 2, y + MOULD / 2, w - MOULD, h - MOULD)}" fill="none" stroke="#000" stroke-width="10"/>`, 0.12);
  // The frame casts a shadow on the mat along its top and left, the mat's bevel on the print.
  light.add(
    24,
    line(`M${i.x} ${i.y + 12}L${i.x + i.w} ${i.y + 12}`, 30, '#000') + line(`M${i.x + 12} ${i.y}L${i.x + 12} ${i.y + i.h}`, 30, '#000'),
    0.3,
  );
  light.add(
    8,
    line(`M${WINDOW.x} ${WINDOW.y + 4}L${WINDOW.x + WINDOW.w} ${WINDOW.y + 4}`, 8, '#000') +
      line(`M${WINDOW.x + 4} ${WINDOW.y}L${WINDOW.x + 4} ${WINDOW.y + WINDOW.h}`, 8, '#000'),
    0.25,
  );
  light.add(90, `<rect x="${i.x}" y="${i.y + i.h - 300}" width="${i.w}" height="300" fill="#000"/>`, 0.06);
  const sheen = new Soft()
    // Glass: a broad diagonal reflection across the mat and print, a glint on the moulding's top edge.
    .add(60, `<path d="M${i.x} ${i.y + 420}L${i.x + 360} ${i.y}L${i.x + 560} ${i.y}L${i.x} ${i.y + 680}Z" fill="#fff"/>`, 0.1)
    .add(
      40,
      `<path d="M${i.x + i.w} ${i.y + i.h - 360}L${i.x + i.w - 260} ${i.y + i.h}L${i.x + i.w - 120} ${i.y + i.h}L${i.x + i.w} ${i.y + i.h - 180}Z" fill="#fff"/>`,
      0.06,
    )
    .add(8, line(`M${x + 20} ${y + 8}L${x + w - 40} ${y + 8}`, 6, '#fff'), 0.35);
  // Wood grain along each side of the moulding, mitred at the corners.
  const grain = (n: number, f: (k: number) => string) => Array.from({ length: n }, (_, k) => f(k)).join('');
  const wood =
    `<defs><clipPath id="mould"><path d="${FRAME_D}${INNER_D}" clip-rule="evenodd"/></clipPath></defs>` +
    `<g clip-path="url(#mould)" fill="none" stroke="#000" stroke-width="2" opacity=".1">` +
    grain(
      9,
      (k) => `<path d="M${x} ${y + 6 + k * 6.2}C${x + 300} ${y + 4 + k * 6.4} ${x + 600} ${y + 9 + k * 5.8} ${x + w} ${y + 5 + k * 6.3}"/>`,
    ) +
    grain(
      9,
      (k) =>
        `<path d="M${x} ${y + h - 6 - k * 6.2}C${x + 300} ${y + h - 8 - k * 6} ${x + 600} ${y + h - 4 - k * 6.5} ${x + w} ${y + h - 7 - k * 6.1}"/>`,
    ) +
    grain(
      9,
      (k) =>
        `<path d="M${x + 6 + k * 6.2} ${y + MOULD}C${x + 4 + k * 6.4} ${y + 400} ${x + 9 + k * 5.9} ${y + 800} ${x + 5 + k * 6.3} ${y + h - MOULD}"/>`,
    ) +
    grain(
      9,
      (k) =>
        `<path d="M${x + w - 6 - k * 6.2} ${y + MOULD}C${x + w - 8 - k * 6} ${y + 400} ${x + w - 4 - k * 6.5} ${y + 800} ${x + w - 7 - k * 6.1} ${y + h - MOULD}"/>`,
    ) +
    `</g>` +
    `<g stroke="#000" stroke-width="2" opacity=".3"><path d="M${x} ${y}L${i.x} ${i.y}M${x + w} ${y}L${i.x + i.w} ${i.y}M${x} ${y + h}L${i.x} ${i.y + i.h}M${x + w} ${y + h}L${i.x + i.w} ${i.y + i.h}"/></g>` +
    `<path d="${INNER_D}" fill="none" stroke="#000" stroke-width="3" opacity=".35"/>` +
    `<path d="${rect(WINDOW.x - 6, WINDOW.y - 6, WINDOW.w + 12, WINDOW.h + 12)}" fill="none" stroke="#000" stroke-width="2" opacity=".12"/>`;
  return {
    id: 'wall',
    name: '挂墙效果',
    silhouette: `<path d="${FRAME_D}"/>`,
    untinted: `<path d="${INNER_D}"/>`,
    light,
    detail: wood,
    sheen,
    printMask: `<path d="${WINDOW_D}"/>`,
    // A warm plaster wall lit from the upper left; the frame's soft shadow down and to the right.
    backdrop:
      `<defs><linearGradient id="wall" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eeebe5"/><stop offset="1" stop-color="#d9d4cb"/></linearGradient></defs>` +
      `<rect width="${ART}" height="${ART}" fill="url(#wall)"/>`,
    shadow: new Soft()
      .add(40, `<path d="${FRAME_D}" transform="translate(34 44)" fill="#000"/>`, 0.28)
      .add(8, `<path d="${FRAME_D}" transform="translate(6 10)" fill="#000"/>`, 0.2),
    placements: [{ area: 'front', ...placement }],
  };
}

export function poster(): DemoBlank {
  const front = areaOnView(WINDOW_D, 4961, 20);
  const bleed = 36;
  const marks = (w: number, h: number) => {
    const m = bleed + 40;
    const l = 30;
    return [
      [m, 0, m, l],
      [0, m, l, m],
      [w - m, 0, w - m, l],
      [w, m, w - l, m],
      [m, h, m, h - l],
      [0, h - m, l, h - m],
      [w - m, h, w - m, h - l],
      [w, h - m, w - l, h - m],
    ]
      .map(([a, b, c, d]) => `M${a} ${b}L${c} ${d}`)
      .join('');
  };
  const w = front.print.width + 2 * (bleed + 40);
  const h = front.print.height + 2 * (bleed + 40);
  return {
    code: 'poster',
    name: '艺术微喷装饰画（含框）',
    nameEn: 'Framed Fine Art Print',
    category: 'wall-art',
    tag: 3,
    level: 3,
    colors: [
      { name: '黑框', en: 'Black Frame', family: 'Black', code: '#1f1f1f', slug: 'black' },
      { name: '白框', en: 'White Frame', family: 'White', code: '#f1f0ec', slug: 'white' },
      { name: '原木框', en: 'Natural Wood Frame', family: 'Brown', code: '#c59f73', slug: 'oak' },
      { name: '胡桃木框', en: 'Walnut Frame', family: 'Brown', code: '#6a4a35', slug: 'walnut' },
    ],
    sizes: ['A4', 'A3', 'A2'],
    price: 69,
    weight: 180,
    sizePrices: { A3: 99, A2: 149 },
    areas: [
      {
        id: 'front',
        name: '画芯',
        showName: false,
        path: front.path,
        print: front.print,
        cutpiece: cutpieceSvg({
          title: '画芯 PRINT',
          width: w,
          height: h,
          cut: rect(bleed + 40, bleed + 40, front.print.width, front.print.height),
          image: { x: bleed + 40, y: bleed + 40, ...front.print },
          notes: ['艺术微喷 · 沿裁切线（角线）裁切'],
          marks: `<path d="${marks(w, h)}" stroke="#111827" stroke-width="3"/>`,
        }),
      },
    ],
    views: [posterArt(front.placement)],
  };
}
