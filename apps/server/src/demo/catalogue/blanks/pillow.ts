import { areaOnView, cutpieceSvg, edgeShade, studioBackdrop, type DemoBlank } from '../blank.js';
import type { ViewArt } from '../render.js';
import { line, rect, Soft } from '../svg.js';

// A filled square cushion: sides pulled in by the stuffing, pointed corners, a knife-edge seam.
const PILLOW =
  'M352 362Q360 340 384 344Q1000 420 1616 344Q1640 340 1648 362Q1578 1000 1648 1638Q1640 1660 1616 1656' +
  'Q1000 1580 384 1656Q360 1660 352 1638Q422 1000 352 362Z';
const SEAM = 'M372 370Q1000 446 1628 370Q1560 1000 1628 1630Q1000 1556 372 1630Q440 1000 372 370Z';

function pillowArt(placement: { x: number; y: number; width: number; height: number }): ViewArt {
  const light = new Soft();
  // Domed: lit in the middle, falling off towards the seam all round.
  light.add(90, `<path d="${PILLOW}" fill="none" stroke="#000" stroke-width="300"/>`, 0.15);
  edgeShade(light, PILLOW, 40, 14, 0.14);
  light.add(8, `<path d="${SEAM}" fill="none" stroke="#000" stroke-width="8"/>`, 0.16);
  // Creases fan out from each corner where the cover is pulled tight.
  const creases = [
    'M400 400C480 470 540 520 620 560',
    'M420 380C520 430 600 460 700 480',
    'M1600 400C1520 470 1460 520 1380 560',
    'M1580 380C1480 430 1400 460 1300 480',
    'M400 1600C480 1530 540 1480 620 1440',
    'M380 1580C430 1500 470 1440 500 1360',
    'M1600 1600C1520 1530 1460 1480 1380 1440',
    'M1620 1580C1570 1500 1530 1440 1500 1360',
  ];
  light.add(24, creases.map((d) => line(d, 22, '#000')).join(''), 0.12);
  light.add(8, creases.map((d) => line(d, 6, '#000')).join(''), 0.14);
  // Small puckers along the sides where the seam gathers.
  const puckers = [
    'M700 400L720 470',
    'M1290 398L1270 468',
    'M410 900L480 920',
    'M1590 1100L1520 1080',
    'M900 1610L880 1540',
    'M1594 760L1526 780',
  ];
  light.add(14, puckers.map((d) => line(d, 18, '#000')).join(''), 0.18);
  const sheen = new Soft()
    .add(90, '<ellipse cx="900" cy="880" rx="460" ry="440" fill="#fff"/>', 0.14)
    // The dome's shoulder all round, brightest towards the light (upper left).
    .add(
      60,
      `<path d="M520 560Q1000 600 1480 560Q1440 1000 1480 1440Q1000 1400 520 1440Q560 1000 520 560Z" fill="none" stroke="#fff" stroke-width="70"/>`,
      0.07,
    )
    .add(60, line('M520 1300Q560 1000 520 560Q1000 600 1300 570', 70, '#fff'), 0.07)
    .add(
      24,
      [
        'M460 450C530 500 590 540 660 570',
        'M1540 450C1470 500 1410 540 1340 570',
        'M460 1550C530 1500 590 1460 660 1430',
        'M1540 1550C1470 1500 1410 1460 1340 1430',
      ]
        .map((d) => line(d, 20, '#fff'))
        .join(''),
      0.12,
    );
  const detail = `<path d="${SEAM}" fill="none" stroke="#000" stroke-width="3" opacity=".25"/>`;
  return {
    id: 'front',
    name: '正面',
    silhouette: `<path d="${PILLOW}"/>`,
    light,
    detail,
    sheen,
    printMask: `<path d="${PILLOW}"/>`,
    ...studioBackdrop(PILLOW, { dx: 20, dy: 46, blur: 60, opacity: 0.26 }),
    placements: [{ area: 'front', ...placement }],
  };
}

export function pillow(): DemoBlank {
  // The printed cover piece is the square through the corners; the stuffing pulls its sides in.
  const front = areaOnView(rect(352, 344, 1296, 1316), 2700);
  const margin = 80;
  const allowance = 60;
  return {
    code: 'pillow',
    name: '桃皮绒方形抱枕',
    nameEn: 'Peach Skin Square Throw Pillow',
    category: 'pillows',
    tag: 1,
    level: 1,
    colors: [
      { name: '白色', en: 'White', family: 'White', code: '#f6f5f1', slug: 'white' },
      { name: '亚麻', en: 'Linen', family: 'Beige', code: '#e2d6c0', slug: 'linen' },
      { name: '浅灰', en: 'Light Grey', family: 'Grey', code: '#c9c9c6', slug: 'grey' },
      { name: '炭灰', en: 'Charcoal', family: 'Grey', code: '#4a4b4f', slug: 'charcoal' },
      { name: '藏青', en: 'Navy', family: 'Blue', code: '#26314b', slug: 'navy' },
      { name: '藕粉', en: 'Blush Pink', family: 'Pink', code: '#e6c6c1', slug: 'blush' },
    ],
    sizes: ['40×40cm', '45×45cm', '50×50cm'],
    price: 49,
    weight: 400,
    sizePrices: { '50×50cm': 59 },
    areas: [
      {
        id: 'front',
        name: '正面',
        showName: false,
        path: front.path,
        print: front.print,
        cutpiece: cutpieceSvg({
          title: '抱枕正面 FRONT',
          width: front.print.width + 2 * margin,
          height: front.print.height + 2 * margin,
          cut: rect(margin, margin, front.print.width, front.print.height),
          sew: rect(margin + allowance, margin + allowance, front.print.width - 2 * allowance, front.print.height - 2 * allowance),
          image: { x: margin, y: margin, ...front.print },
          notes: ['热升华满印 · 缝份 1 cm · 隐形拉链在底边'],
          grain: true,
        }),
      },
    ],
    views: [pillowArt(front.placement)],
  };
}
