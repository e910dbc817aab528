import { cutpieceSvg, edgeShade, studioBackdrop, type DemoBlank } from '../blank.js';
import type { ViewArt } from '../render.js';
import { ellipsePath, line, mirrorPath, rect, Soft } from '../svg.js';

// An 11 oz ceramic mug, handle on the right; the other view is its mirror image.
const CX = 1030;
const R = 360;
const TOP = 560;
const BOTTOM = 1400;
const RY = 64;
const L = CX - R;
const RT = CX + R;

const BODY =
  `M${L} ${TOP}C${L} ${TOP - RY * 0.55} ${CX - R * 0.55} ${TOP - RY} ${CX} ${TOP - RY}C${CX + R * 0.55} ${TOP - RY} ${RT} ${TOP - RY * 0.55} ${RT} ${TOP}` +
  `L${RT} ${BOTTOM - 30}C${RT} ${BOTTOM + RY * 0.5} ${CX + R * 0.55} ${BOTTOM + RY} ${CX} ${BOTTOM + RY}` +
  `C${CX - R * 0.55} ${BOTTOM + RY} ${L} ${BOTTOM + RY * 0.5} ${L} ${BOTTOM - 30}Z`;
const HANDLE =
  `M${RT - 8} 700C${RT + 140} 660 ${RT + 250} 720 ${RT + 248} 900C${RT + 246} 1080 ${RT + 140} 1200 ${RT - 8} 1250` +
  `L${RT - 8} 1168C${RT + 110} 1140 ${RT + 168} 1040 ${RT + 170} 910C${RT + 172} 790 ${RT + 100} 750 ${RT - 8} 776Z`;
const MOUTH = ellipsePath(CX, TOP, R - 14, RY - 8);
const FACE = `M${L + 6} ${TOP + 40}L${RT - 6} ${TOP + 40}L${RT - 6} ${BOTTOM - 40}L${L + 6} ${BOTTOM - 40}Z`;

/** The right-handed view; `mirror` draws the left-handed one. */
function mugArt(id: string, name: string, mirror: boolean, placement: { x: number; y: number; width: number; height: number }): ViewArt {
  const flip = (m: string) => (mirror ? `<g transform="matrix(-1 0 0 1 2000 0)">${m}</g>` : m);
  const light = new Soft();
  // A glazed cylinder: dark at both edges, darkest on the side away from the light.
  edgeShade(light, BODY, 180, 60, 0.28);
  light.add(90, `<rect x="${RT - 170}" y="${TOP}" width="220" height="${BOTTOM - TOP + 40}" fill="#000"/>`, 0.3);
  light.add(24, line(`M${L + 4} ${TOP + 20}L${L + 4} ${BOTTOM - 20}`, 24, '#000'), 0.35);
  // Inside: the far wall lit, the near wall in shadow under the rim.
  light.add(24, `<path d="${ellipsePath(CX, TOP + 26, R - 40, RY - 28)}" fill="#000"/>`, 0.45);
  light.add(8, `<path d="${MOUTH}" fill="none" stroke="#000" stroke-width="10"/>`, 0.3);
  // The rim's rounded lip casts a thin line; the foot turns under.
  light.add(8, line(`M${L} ${TOP + 8}C${L + 100} ${TOP + RY} ${RT - 100} ${TOP + RY} ${RT} ${TOP + 8}`, 10, '#000'), 0.3);
  light.add(24, line(`M${L} ${BOTTOM - 20}C${L} ${BOTTOM + 50} ${RT} ${BOTTOM + 50} ${RT} ${BOTTOM - 20}`, 40, '#000'), 0.3);
  // The handle: round in section, shaded underneath and where it meets the body.
  edgeShade(light, HANDLE, 40, 14, 0.4);
  light.add(24, line(`M${RT + 20} 1200C${RT + 150} 1160 ${RT + 230} 1060 ${RT + 232} 900`, 30, '#000'), 0.3);
  light.add(14, line(`M${RT - 4} 690L${RT - 4} 1260`, 18, '#000'), 0.3);
  const sheen = new Soft()
    // Studio softbox reflections: a tall bright band on the lit side and a thin rim light on the other.
    .add(14, `<rect x="${CX - 250}" y="${TOP + 70}" width="46" height="${BOTTOM - TOP - 140}" rx="23" fill="#fff"/>`, 0.75)
    .add(40, `<rect x="${CX - 290}" y="${TOP + 40}" width="150" height="${BOTTOM - TOP - 80}" rx="70" fill="#fff"/>`, 0.35)
    .add(14, `<rect x="${RT - 58}" y="${TOP + 90}" width="16" height="${BOTTOM - TOP - 200}" rx="8" fill="#fff"/>`, 0.3)
    .add(
      8,
      line(`M${CX - 300} ${TOP - 30}C${CX - 200} ${TOP - RY + 4} ${CX + 100} ${TOP - RY + 2} ${CX + 220} ${TOP - 46}`, 8, '#fff'),
      0.6,
    )
    .add(14, line(`M${RT + 60} 760C${RT + 160} 760 ${RT + 200} 820 ${RT + 206} 900`, 14, '#fff'), 0.55);
  const detail = `<path d="${MOUTH}" fill="#cfcfcf"/>` + line(MOUTH, 2.5, '#000', 'opacity=".25"');
  const silhouette = `<path d="${BODY}"/><path d="${HANDLE}"/>`;
  const shadow = `${BODY}${HANDLE}`;
  const backdrop = studioBackdrop(mirror ? mirrorPath(shadow) : shadow, { dx: mirror ? -40 : 40, dy: 40, blur: 60, opacity: 0.2 });
  // The contact shadow where the foot meets the table.
  backdrop.shadow.add(24, flip(`<ellipse cx="${CX}" cy="${BOTTOM + 56}" rx="${R + 30}" ry="40" fill="#000"/>`), 0.35);
  return {
    id,
    name,
    silhouette: flip(silhouette),
    light: light.map(flip),
    detail: flip(detail),
    sheen: sheen.map(flip),
    printMask: flip(`<path d="${FACE}"/>`),
    ...backdrop,
    placements: [{ area: 'wrap', ...placement }],
  };
}

export function mug(): DemoBlank {
  const print = { width: 2400, height: 1020 };
  // A linear stand-in for the cylinder: the visible face (2r) shows about 42% of the wrap.
  const width = Math.round(R * 4.75);
  const height = Math.round((width * print.height) / print.width);
  const y = Math.round((TOP + BOTTOM) / 2 - height / 2);
  // With the handle on the right, the face shows the wrap's right half (centred near 60%); mirrored, its left.
  const right = { x: Math.round(CX - 0.6 * width), y, width, height };
  const left = { x: Math.round(2000 - CX - 0.4 * width), y, width, height };
  const margin = 60;
  return {
    code: 'mug',
    name: '陶瓷马克杯',
    nameEn: 'Ceramic Coffee Mug',
    category: 'drinkware',
    tag: 1,
    level: 0,
    colors: [
      { name: '白色', en: 'White', family: 'White', code: '#f7f7f5', slug: 'white' },
      { name: '黑色', en: 'Black', family: 'Black', code: '#1b1b1d', slug: 'black' },
      { name: '藏青', en: 'Navy', family: 'Blue', code: '#233152', slug: 'navy' },
      { name: '红色', en: 'Red', family: 'Red', code: '#b4232c', slug: 'red' },
      { name: '樱花粉', en: 'Sakura Pink', family: 'Pink', code: '#efbcc7', slug: 'pink' },
    ],
    sizes: ['11oz', '15oz'],
    price: 29,
    weight: 450,
    sizePrices: { '15oz': 35 },
    areas: [
      {
        id: 'wrap',
        name: '环绕印刷',
        showName: true,
        path: rect(20, 181, 560, 238),
        print,
        cutpiece: cutpieceSvg({
          title: '杯身环绕 WRAP',
          width: print.width + 2 * margin,
          height: print.height + 2 * margin,
          cut: rect(margin, margin, print.width, print.height),
          image: { x: margin, y: margin, ...print },
          notes: ['热转印 21×9 cm · 左右两端靠近杯把'],
        }),
      },
    ],
    views: [mugArt('right', '右手视角', false, right), mugArt('left', '左手视角', true, left)],
  };
}
