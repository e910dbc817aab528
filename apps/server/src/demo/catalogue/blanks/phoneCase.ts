import { areaOnView, cutpieceSvg, edgeShade, studioBackdrop, toPrint, type DemoBlank } from '../blank.js';
import type { ViewArt } from '../render.js';
import { line, roundRect, Soft } from '../svg.js';

// A slim hard case seen from the back: the printed back, a thin coloured rim, a cut-out for the camera.
const CASE = roundRect(680, 340, 640, 1320, 112);
const BACK = roundRect(696, 356, 608, 1288, 98);
const CUTOUT = roundRect(716, 378, 276, 286, 74);
const ISLAND = roundRect(726, 388, 256, 266, 66);
const LENSES = [
  [800, 462],
  [800, 580],
  [912, 521],
] as const;

function caseArt(placement: { x: number; y: number; width: number; height: number }): ViewArt {
  const light = new Soft();
  // The back is almost flat; its sides curve away into the rim.
  edgeShade(light, CASE, 50, 14, 0.24);
  edgeShade(light, BACK, 30, 8, 0.18);
  light.add(90, `<path d="${CASE}" fill="none" stroke="#000" stroke-width="160"/>`, 0.08);
  // The lip around the camera cut-out stands proud and shades the back below it.
  light.add(14, `<path d="${CUTOUT}" fill="none" stroke="#000" stroke-width="30" transform="translate(8 12)"/>`, 0.3);
  const sheen = new Soft()
    // Glossy hard shell: a broad diagonal reflection, a crisp highlight on the top edge of the rim.
    .add(60, '<path d="M700 1000L1300 560L1300 780L700 1220Z" fill="#fff"/>', 0.1)
    .add(8, line('M800 350L1200 350', 8, '#fff'), 0.4)
    .add(8, line('M690 470L690 1540', 6, '#fff'), 0.25)
    .add(8, `<path d="${CUTOUT}" fill="none" stroke="#fff" stroke-width="5" transform="translate(-3 -4)"/>`, 0.35);
  const lenses = LENSES.map(
    ([x, y]) =>
      `<circle cx="${x}" cy="${y}" r="54" fill="#3a3a3c"/><circle cx="${x}" cy="${y}" r="44" fill="#111"/>` +
      `<circle cx="${x}" cy="${y}" r="24" fill="#1d2230"/><circle cx="${x - 12}" cy="${y - 14}" r="8" fill="#9aa3b5"/>`,
  ).join('');
  const detail =
    // The phone's camera module through the cut-out: frosted glass, three lenses, flash, microphone.
    `<path d="${ISLAND}" fill="#b9bbbe"/>${lenses}<circle cx="912" cy="420" r="20" fill="#e9e4d4"/><circle cx="912" cy="618" r="8" fill="#333"/>` +
    `<path d="${CUTOUT}" fill="none" stroke="#000" stroke-width="3" opacity=".4"/>` +
    `<path d="${BACK}" fill="none" stroke="#000" stroke-width="2.5" opacity=".25"/>`;
  return {
    id: 'back',
    name: '背面',
    silhouette: `<path d="${CASE}"/>`,
    untinted: `<path d="${ISLAND}"/>`,
    light,
    detail,
    sheen,
    printMask: `<path d="${BACK}"/><path d="${CUTOUT}" fill="#000"/>`,
    ...studioBackdrop(CASE, { dx: 30, dy: 40, blur: 40, opacity: 0.28 }),
    placements: [{ area: 'back', ...placement }],
  };
}

export function phoneCase(): DemoBlank {
  const shape = `${BACK}${CUTOUT}`;
  const back = areaOnView(shape, 2400, 30);
  const margin = 60;
  const tx = toPrint(back.placement, back.print);
  return {
    code: 'phone-case',
    name: '磨砂硬壳手机壳',
    nameEn: 'Matte Hard Phone Case',
    category: 'phone-cases',
    tag: 2,
    level: 0,
    colors: [
      { name: '黑色', en: 'Black', family: 'Black', code: '#1c1c1e', slug: 'black' },
      { name: '白色', en: 'White', family: 'White', code: '#f3f3f1', slug: 'white' },
      { name: '午夜蓝', en: 'Midnight Blue', family: 'Blue', code: '#27324f', slug: 'midnight' },
      { name: '樱花粉', en: 'Sakura Pink', family: 'Pink', code: '#f1c3cd', slug: 'pink' },
      { name: '薄荷绿', en: 'Mint Green', family: 'Green', code: '#b4dfcd', slug: 'mint' },
    ],
    sizes: ['iPhone 15', 'iPhone 15 Pro', 'iPhone 15 Pro Max', 'iPhone 16'],
    price: 25,
    weight: 60,
    sizePrices: { 'iPhone 15 Pro Max': 28 },
    areas: [
      {
        id: 'back',
        name: '背面',
        showName: false,
        path: back.path,
        print: back.print,
        cutpiece: cutpieceSvg({
          title: '手机壳背面 BACK',
          width: back.print.width + 2 * margin,
          height: back.print.height + 2 * margin,
          cut: tx(BACK, margin),
          clip: tx(BACK, margin),
          image: { x: margin, y: margin, ...back.print },
          notes: ['UV 直喷 · 镜头孔不印'],
          marks: `<path d="${tx(CUTOUT, margin)}" fill="#ffffff" stroke="#111827" stroke-width="4"/>`,
        }),
      },
    ],
    views: [caseArt(back.placement)],
  };
}
