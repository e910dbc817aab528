import { areaOnView, cutpieceSvg, edgeShade, studioBackdrop, type DemoBlank } from '../blank.js';
import type { ViewArt } from '../render.js';
import { line, rect, Soft, stitch } from '../svg.js';

// A heavy canvas tote: a slightly flared body, a folded top hem, two handles sewn on with box-X stitches.
const BAG = 'M566 760L1434 760L1452 1792Q1452 1806 1438 1806L562 1806Q548 1806 548 1792Z';
const HANDLE_FRONT = 'M742 790C742 430 1258 430 1258 790';
const HANDLE_BACK = 'M770 770C780 470 1230 470 1240 770';
const HEM = 'M566 850L1434 850';

function handleStrip(d: string, width: number, color: string) {
  return line(d, width, color, 'stroke-linecap="butt"');
}

function toteArt(placement: { x: number; y: number; width: number; height: number }): ViewArt {
  const light = new Soft();
  // Canvas is stiff: broad flat planes, a sag below the handles, soft creases from the bottom corners.
  edgeShade(light, BAG, 90, 40, 0.18);
  edgeShade(light, BAG, 24, 8, 0.14);
  light.add(60, `<path d="M566 760L1434 760L1434 900L566 900Z" fill="#000"/>`, 0.08);
  light.add(24, line(HEM, 16, '#000'), 0.3);
  light.add(
    40,
    line('M600 1700C700 1600 760 1500 800 1400', 40, '#000') + line('M1400 1690C1320 1610 1270 1530 1240 1450', 40, '#000'),
    0.18,
  );
  light.add(24, line('M742 860C740 960 760 1040 790 1100', 20, '#000') + line('M1258 860C1262 960 1242 1040 1214 1096', 20, '#000'), 0.16);
  // The back handle is behind (in shadow); the front one shades the bag where it is sewn.
  light.add(8, line(HANDLE_BACK, 56, '#000', 'stroke-linecap="butt"'), 0.3);
  light.add(14, line(HANDLE_FRONT, 14, '#000'), 0.2);
  light.add(
    24,
    `<rect x="712" y="780" width="60" height="110" fill="#000"/><rect x="1228" y="780" width="60" height="110" fill="#000"/>`,
    0.12,
  );
  const sheen = new Soft()
    .add(90, '<ellipse cx="860" cy="1140" rx="400" ry="440" fill="#fff"/>', 0.1)
    // Ridges beside the creases, the rolled top hem and the top of the front handle catch the light.
    .add(40, line('M640 1710C730 1610 790 1510 830 1410', 34, '#fff') + line('M1360 1700C1290 1620 1240 1540 1210 1460', 34, '#fff'), 0.1)
    .add(14, line('M566 846L1434 846', 10, '#fff') + line('M566 764L1434 764', 8, '#fff'), 0.14)
    .add(14, line('M730 780C730 412 1270 412 1270 780', 12, '#fff'), 0.16);
  const boxX = (x: number) =>
    `<path d="M${x - 22} 796h44v70h-44zM${x - 22} 796l44 70M${x + 22} 796l-44 70" fill="none" stroke="#000" stroke-width="3" stroke-dasharray="9 6" opacity=".35"/>`;
  // Canvas weave: fine crossing rows, barely visible.
  const weaveRows = Array.from({ length: 131 }, (_, i) => `M548 ${762 + i * 8}H1452`).join('');
  const weaveCols = Array.from({ length: 114 }, (_, i) => `M${550 + i * 8} 760V1806`).join('');
  const detail =
    `<defs><clipPath id="bag"><path d="${BAG}"/></clipPath></defs>` +
    `<g clip-path="url(#bag)" stroke="#000" stroke-width="1.5" opacity=".035"><path d="${weaveRows}"/><path d="${weaveCols}"/></g>` +
    line(HEM, 3, '#000', 'opacity=".3"') +
    stitch('M570 772L1430 772') +
    stitch('M570 836L1430 836') +
    boxX(742) +
    boxX(1258) +
    line('M566 762L548 1792', 3, '#000', 'opacity=".2"') +
    line('M1434 762L1452 1792', 3, '#000', 'opacity=".2"') +
    // Both edges of the front handle are top-stitched.
    stitch('M720 790C720 402 1280 402 1280 790', 0.25) +
    stitch('M764 790C764 458 1236 458 1236 790', 0.25);
  const handles = handleStrip(HANDLE_BACK, 56, '#fff') + handleStrip(HANDLE_FRONT, 60, '#fff');
  return {
    id: 'front',
    name: '正面',
    silhouette: `<path d="${BAG}"/>${handles}`,
    light,
    detail,
    sheen,
    printMask: `<path d="${BAG}"/><path d="M566 760L1434 760L1434 858L566 858Z" fill="#000"/>${handleStrip(HANDLE_FRONT, 60, '#000')}`,
    ...studioBackdrop(`${BAG}M712 800C712 400 1288 400 1288 800L1228 800C1228 470 772 470 772 800Z`, { dy: 36 }),
    placements: [{ area: 'front', ...placement }],
  };
}

export function tote(): DemoBlank {
  const front = areaOnView(rect(640, 930, 720, 864), 3000);
  // The bag's front panel (with the top hem's fold) around the print, drawn in print pixels.
  const margin = 90;
  const panel = { x: 548, y: 700, width: 904, height: 1106 };
  const s = front.print.width / front.placement.width;
  const px = (v: number) => Math.round(v * s);
  return {
    code: 'tote',
    name: '加厚帆布托特包',
    nameEn: 'Heavy Canvas Tote Bag',
    category: 'bags',
    tag: null,
    level: 0,
    colors: [
      { name: '米白', en: 'Natural', family: 'Beige', code: '#ece3cf', slug: 'natural' },
      { name: '黑色', en: 'Black', family: 'Black', code: '#1e1e20', slug: 'black' },
      { name: '藏青', en: 'Navy', family: 'Blue', code: '#243049', slug: 'navy' },
      { name: '砖红', en: 'Brick Red', family: 'Red', code: '#a23a2c', slug: 'brick' },
      { name: '军绿', en: 'Olive', family: 'Green', code: '#59623f', slug: 'olive' },
    ],
    sizes: [],
    price: 35,
    weight: 150,
    areas: [
      {
        id: 'front',
        name: '正面',
        showName: true,
        path: front.path,
        print: front.print,
        cutpiece: cutpieceSvg({
          title: '包身前片 FRONT',
          width: px(panel.width) + 2 * margin,
          height: px(panel.height) + 2 * margin,
          cut: rect(margin, margin, px(panel.width), px(panel.height)),
          sew: rect(margin + px(18), margin + px(60), px(panel.width - 36), px(panel.height - 78)),
          image: { x: margin + px(front.placement.x - panel.x), y: margin + px(front.placement.y - panel.y), ...front.print },
          notes: ['直喷印花区 25×30 cm · 上沿折边 4 cm'],
          grain: true,
        }),
      },
    ],
    views: [toteArt(front.placement)],
  };
}
