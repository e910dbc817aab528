import { areaOnView, bboxOf, cutpieceSvg, edgeShade, studioBackdrop, toPrint, type DemoBlank } from '../blank.js';
import type { ViewArt } from '../render.js';
import { line, mirrorPath, Soft, stitch, symmetric, transformPath } from '../svg.js';

const both = (d: string) => `${d}${mirrorPath(d)}`;
const strokes = (ds: string[], width: number, color = '#000', extra = '') => ds.map((d) => line(both(d), width, color, extra)).join('');

// A sublimated football jersey: V-neck and sleeve cuffs in white trim, mesh side panels. Its body
// panels are printed all over (the design areas are the panels), the back carrying number and name.
const SLEEVE_AND_SIDE =
  'C770 312 670 336 580 362C510 430 400 570 318 690Q400 770 494 822C516 800 534 776 550 752C560 1000 560 1300 568 1620C700 1636 850 1642 1000 1642';
const BODY_FRONT = symmetric(`M1000 270C940 270 880 276 846 292${SLEEVE_AND_SIDE}`);
const BODY_BACK = symmetric(`M1000 276C940 276 880 280 846 294${SLEEVE_AND_SIDE}`);

const PANEL_SIDES = 'C770 312 670 336 580 362C612 480 620 640 550 752C560 1000 560 1300 568 1620C700 1636 850 1642 1000 1642';
const FRONT_PANEL = symmetric(`M1000 520C950 470 870 380 846 292${PANEL_SIDES}`);
const BACK_PANEL = symmetric(`M1000 300C940 300 880 300 846 294${PANEL_SIDES}`);

const V_TRIM = symmetric('M1000 470C958 440 894 370 874 292L846 292C870 380 950 470 1000 520');
const V_INSIDE = symmetric('M1000 288C950 288 900 290 874 292C894 370 958 440 1000 470');
const BACK_TRIM = symmetric('M1000 276C940 276 880 280 846 294L848 308C884 298 940 292 1000 292');
const ARMHOLE = 'M580 364C612 480 620 640 550 752';
const MESH = 'M552 770C562 1000 562 1300 570 1600L640 1606C632 1300 630 1000 622 790Z';

function cuffs() {
  // One cuff per sleeve: a band across the sleeve end.
  const left = 'M318 690Q400 770 494 822L512 788Q426 742 348 650Z';
  return `<path d="${left}"/><path d="${mirrorPath(left)}"/>`;
}

function jerseyArt(side: 'front' | 'back', placement: { x: number; y: number; width: number; height: number }): ViewArt {
  const body = side === 'front' ? BODY_FRONT : BODY_BACK;
  const panel = side === 'front' ? FRONT_PANEL : BACK_PANEL;
  const trims = (side === 'front' ? `<path d="${V_TRIM}"/>` : `<path d="${BACK_TRIM}"/>`) + cuffs();
  const light = new Soft();
  edgeShade(light, body, 130, 40, 0.2);
  edgeShade(light, body, 34, 14, 0.15);
  light.add(40, strokes(['M470 830C420 780 360 730 300 700'], 56), 0.28);
  light.add(60, strokes(['M552 780C540 900 548 1040 556 1180'], 60), 0.2);
  light.add(14, strokes([ARMHOLE], 14), 0.3);
  light.add(24, strokes(['M540 760C504 700 476 620 460 540'], 24), 0.24);
  // Polyester drapes in long soft diagonals and a slight blouse above the hem.
  light.add(40, strokes(['M570 820C660 880 740 960 800 1060', 'M580 1180C680 1220 760 1260 820 1320'], 40), 0.2);
  light.add(60, strokes(['M580 1470C720 1500 860 1514 1000 1514'], 70), 0.12);
  light.add(8, strokes(['M572 1606C700 1622 850 1628 1000 1628'], 8), 0.3);
  if (side === 'front') {
    light.add(14, `<path d="${V_INSIDE}" fill="#000"/>`, 0.25);
    light.add(24, strokes(['M850 310C880 400 950 490 1000 540'], 22), 0.26);
  } else {
    light.add(14, strokes(['M850 322C900 312 950 310 1000 310'], 14), 0.25);
  }
  const sheen = new Soft()
    // Polyester is shinier than cotton: broader, brighter highlights on the ridges.
    .add(90, '<ellipse cx="780" cy="760" rx="360" ry="320" fill="#fff"/>', 0.12)
    .add(40, strokes(['M600 880C690 940 760 1010 816 1100', 'M520 420C470 500 400 600 330 680'], 46, '#fff'), 0.14)
    .add(24, strokes(['M600 1240C700 1270 770 1300 830 1360'], 22, '#fff'), 0.12);
  // Mesh holes as dashed rows clipped to the side panels (far cheaper to rasterise than a pattern fill).
  const rows = Array.from({ length: 76 }, (_, i) => `M540 ${760 + i * 12}H660M1340 ${760 + i * 12}H1460`).join('');
  const mesh =
    `<defs><clipPath id="meshClip"><path d="${MESH}"/><path d="${mirrorPath(MESH)}"/></clipPath></defs>` +
    `<g clip-path="url(#meshClip)"><path d="${rows}" stroke="#000" stroke-width="5" stroke-dasharray="5 7" opacity=".16"/></g>`;
  const detail =
    (side === 'front' ? `<path d="${V_INSIDE}" fill="#6a6a6a"/>` : '') +
    mesh +
    `<g fill="none" stroke="#000" stroke-width="3" opacity=".3"><path d="${both(MESH)}"/><path d="${both(ARMHOLE)}"/></g>` +
    `<g fill="#000" opacity=".06">${trims}</g>` +
    (side === 'front' ? stitch(both('M1000 534C946 486 866 392 840 300')) : stitch(both('M852 330C886 318 940 314 1000 314'))) +
    stitch(both('M322 704Q404 784 500 836'), 0.28) +
    stitch(both('M572 1612C700 1628 850 1634 1000 1634'), 0.28);
  return {
    id: side,
    name: side === 'front' ? '正面' : '背面',
    silhouette: `<path d="${body}"/>`,
    untinted: trims,
    light,
    detail,
    sheen,
    printMask: `<path d="${panel}"/><g fill="#000">${trims}${side === 'front' ? `<path d="${V_INSIDE}"/>` : ''}</g>`,
    ...studioBackdrop(body),
    placements: [{ area: side, ...placement }],
  };
}

/** A sublimated panel's cutpiece: the panel with 1 cm bleed, printed all over, then cut. */
function panelCutpiece(
  title: string,
  panel: string,
  placement: { x: number; y: number; width: number; height: number },
  print: { width: number; height: number },
) {
  const margin = Math.round(print.width * 0.04);
  const tx = toPrint(placement, print);
  const sew = tx(panel, margin);
  const box = bboxOf(sew);
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  const k = 1.025;
  const cut = transformPath(sew, k, cx * (1 - k), cy * (1 - k));
  return cutpieceSvg({
    title,
    width: print.width + 2 * margin,
    height: print.height + 2 * margin,
    cut,
    sew,
    clip: cut,
    image: { x: margin, y: margin, ...print },
    notes: ['热升华满印 · 出血 1 cm'],
    grain: true,
  });
}

export function jersey(): DemoBlank {
  const front = areaOnView(FRONT_PANEL, 3600, 12);
  const back = areaOnView(BACK_PANEL, 3600, 12);
  return {
    code: 'jersey',
    name: '定制足球球衣（号码+姓名）',
    nameEn: 'Custom Football Jersey',
    category: 'sportswear',
    tag: 0,
    level: 1,
    colors: [
      { name: '红色', en: 'Red', family: 'Red', code: '#c8142f', slug: 'red' },
      { name: '宝蓝', en: 'Royal Blue', family: 'Blue', code: '#1f4fb4', slug: 'royal' },
      { name: '白色', en: 'White', family: 'White', code: '#f4f4f2', slug: 'white' },
      { name: '黑色', en: 'Black', family: 'Black', code: '#1c1c1f', slug: 'black' },
      { name: '绿色', en: 'Green', family: 'Green', code: '#12793f', slug: 'green' },
      { name: '黄色', en: 'Yellow', family: 'Yellow', code: '#f2c200', slug: 'yellow' },
    ],
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    price: 89,
    weight: 250,
    areas: [
      {
        id: 'front',
        name: '前片',
        showName: true,
        path: front.path,
        print: front.print,
        cutpiece: panelCutpiece('前片 FRONT', FRONT_PANEL, front.placement, front.print),
      },
      {
        id: 'back',
        name: '后片（号码+姓名）',
        showName: true,
        path: back.path,
        print: back.print,
        cutpiece: panelCutpiece('后片 BACK · 号码+姓名', BACK_PANEL, back.placement, back.print),
      },
    ],
    views: [jerseyArt('front', front.placement), jerseyArt('back', back.placement)],
  };
}
