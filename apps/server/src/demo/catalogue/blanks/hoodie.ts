import { areaOnView, edgeShade, garmentCutpiece, studioBackdrop, type DemoBlank } from '../blank.js';
import type { ViewArt } from '../render.js';
import { line, mirrorPath, rect, Soft, stitch, symmetric } from '../svg.js';

const both = (d: string) => `${d}${mirrorPath(d)}`;
const strokes = (ds: string[], width: number, color = '#000', extra = '') => ds.map((d) => line(both(d), width, color, extra)).join('');
const rib = (d: string, width: number) => line(both(d), width, '#000', 'stroke-dasharray="3 7" opacity=".13" stroke-linecap="butt"');

// Pullover hoodie, ghost-mannequin views; sleeves hang beside the body, ribbed cuffs and waistband.
const SIDE =
  'C700 380 610 410 520 452C440 560 392 820 372 1100L358 1486L370 1660Q446 1672 522 1660L548 1642L556 1744C700 1752 850 1756 1000 1756';
const BODY_FRONT = symmetric(`M1000 196C900 196 796 236 764 340${SIDE}`);
const BODY_BACK = symmetric(`M1000 262C900 262 800 290 764 340${SIDE}`);

const HOOD_INSIDE = symmetric('M1000 262C904 262 836 304 822 384C814 450 900 530 1000 574');
const HOOD_EDGE = 'M1000 612C880 560 782 470 790 380C800 290 890 232 1000 230';
const SLEEVE_INNER = 'M560 770C548 960 530 1200 524 1486';
const CUFF_TOP = 'M358 1486Q440 1500 524 1486';
const BAND_TOP = 'M548 1642C700 1652 850 1656 1000 1656';
const POCKET = symmetric('M1000 1180L724 1180L640 1470L640 1566L1000 1566');
const POCKET_OPENING = 'M724 1180L640 1470';
const STRING = 'M946 560C940 640 928 720 930 800';
const AGLET = 'M930 800L932 852';

function frontArt(placement: { x: number; y: number; width: number; height: number }): ViewArt {
  const light = new Soft();
  edgeShade(light, BODY_FRONT, 130, 40, 0.22);
  edgeShade(light, BODY_FRONT, 36, 14, 0.16);
  // The sleeves hang in front of the body's sides and shade them.
  light.add(40, strokes([SLEEVE_INNER], 70), 0.3);
  light.add(14, strokes([SLEEVE_INNER], 14), 0.4);
  light.add(24, strokes(['M520 470C560 600 580 700 566 780', 'M420 900C440 1000 460 1100 460 1240'], 30), 0.2);
  // Fabric gathering into cuffs and waistband.
  light.add(24, strokes(['M380 1400C410 1440 430 1470 440 1490', 'M480 1380C490 1430 500 1460 506 1490', CUFF_TOP, BAND_TOP], 16), 0.26);
  light.add(24, strokes(['M640 1640C660 1600 690 1580 720 1570', 'M900 1650C910 1610 930 1590 950 1580'], 18), 0.2);
  // The hood: a deep shadow inside, its rolled edge, and its weight pulling the chest.
  light.add(24, `<path d="${HOOD_INSIDE}" fill="#000"/>`, 0.35);
  light.add(24, strokes([HOOD_EDGE], 22), 0.3);
  light.add(40, strokes(['M820 620C860 680 920 720 1000 740'], 40), 0.16);
  // Pocket: its opening gapes, its bottom seam casts a line.
  light.add(14, strokes([POCKET_OPENING], 18), 0.45);
  light.add(24, strokes(['M652 1560L1000 1560', 'M724 1186L1000 1186'], 20), 0.2);
  light.add(24, strokes([STRING], 22), 0.25);
  const sheen = new Soft()
    .add(90, '<ellipse cx="800" cy="820" rx="400" ry="360" fill="#fff"/>', 0.08)
    .add(40, strokes(['M500 520C450 650 420 820 410 1000'], 60, '#fff'), 0.1)
    .add(24, strokes(['M780 380C790 300 880 250 1000 246', 'M700 1240L650 1440'], 16, '#fff'), 0.12);
  const detail =
    `<path d="${HOOD_INSIDE}" fill="#5e5e5e"/>` +
    strokes([HOOD_EDGE], 3, '#000', 'opacity=".35"') +
    stitch(both('M1000 592C890 545 800 460 808 380C818 300 900 250 1000 248')) +
    strokes([SLEEVE_INNER, CUFF_TOP, BAND_TOP, 'M764 340C700 380 610 410 522 452'], 3, '#000', 'opacity=".35"') +
    rib('M366 1574Q446 1586 522 1574', 170) +
    rib('M552 1700C700 1708 850 1712 1000 1712', 96) +
    `<path d="${POCKET}" fill="none" stroke="#000" stroke-width="3" opacity=".35"/>` +
    stitch(both('M1000 1194L736 1194')) +
    stitch(both('M738 1182L654 1472L654 1552L1000 1552')) +
    stitch(both('M750 1182L666 1472')) +
    // Drawstrings with metal aglets, from eyelets in the hood's edge.
    `<g fill="#9a9a9a"><circle cx="946" cy="556" r="12"/><circle cx="1054" cy="556" r="12"/></g>` +
    strokes([STRING], 16, '#e6e6e6') +
    strokes([STRING], 16, '#000', 'opacity=".18" stroke-dasharray="4 4"') +
    strokes([AGLET], 17, '#8c8c8c');
  // The drawstrings keep their own colour and hang over the print.
  const strings = line(both(STRING), 18, '#000') + line(both(AGLET), 18, '#000');
  return {
    id: 'front',
    name: '正面',
    silhouette: `<path d="${BODY_FRONT}"/>`,
    untinted: strings,
    light,
    detail,
    sheen,
    printMask: `<path d="${BODY_FRONT}"/><g fill="#000"><path d="${HOOD_INSIDE}"/></g>${strings}`,
    ...studioBackdrop(BODY_FRONT),
    placements: [{ area: 'front', ...placement }],
  };
}

const HOOD_BACK = symmetric('M1000 262C900 262 800 290 770 350C740 470 780 640 880 720C930 760 970 776 1000 778');

function backArt(placement: { x: number; y: number; width: number; height: number }): ViewArt {
  const light = new Soft();
  edgeShade(light, BODY_BACK, 130, 40, 0.22);
  edgeShade(light, BODY_BACK, 36, 14, 0.16);
  light.add(40, strokes([SLEEVE_INNER], 70), 0.26);
  light.add(14, strokes([SLEEVE_INNER], 14), 0.35);
  light.add(24, strokes([CUFF_TOP, BAND_TOP], 16), 0.26);
  // The hood lies on the back: it casts a shadow below its rim and folds along its centre seam.
  light.add(24, `<path d="${HOOD_BACK}" fill="none" stroke="#000" stroke-width="30" transform="translate(0 16)"/>`, 0.35);
  light.add(40, strokes(['M780 420C800 560 860 660 940 720'], 50), 0.16);
  light.add(14, '<path d="M1000 280L1000 770" stroke="#000" stroke-width="14"/>', 0.25);
  light.add(60, strokes(['M620 1300C740 1340 880 1360 1000 1360'], 70), 0.1);
  const sheen = new Soft()
    .add(90, '<ellipse cx="1000" cy="1000" rx="420" ry="320" fill="#fff"/>', 0.07)
    .add(40, strokes(['M860 380C850 500 880 600 940 680', 'M500 520C450 650 420 820 410 1000'], 50, '#fff'), 0.1);
  const detail =
    `<path d="${HOOD_BACK}" fill="none" stroke="#000" stroke-width="3" opacity=".4"/>` +
    '<path d="M1000 268L1000 776" stroke="#000" stroke-width="3" opacity=".35"/>' +
    stitch('M988 272L988 770') +
    stitch('M1012 272L1012 770') +
    strokes([SLEEVE_INNER, CUFF_TOP, BAND_TOP, 'M764 340C700 380 610 410 522 452'], 3, '#000', 'opacity=".35"') +
    rib('M366 1574Q446 1586 522 1574', 170) +
    rib('M552 1700C700 1708 850 1712 1000 1712', 96);
  return {
    id: 'back',
    name: '背面',
    silhouette: `<path d="${BODY_BACK}"/>`,
    light,
    detail,
    sheen,
    printMask: `<path d="${BODY_BACK}"/><path d="${HOOD_BACK}" fill="#000"/>`,
    ...studioBackdrop(BODY_BACK),
    placements: [{ area: 'back', ...placement }],
  };
}

const FRONT_PIECE = symmetric('M1000 600C900 560 800 470 790 380C700 400 610 420 548 452C580 560 590 660 560 770L548 1642L1000 1650');
const BACK_PIECE = symmetric('M1000 300C900 300 820 310 790 330C700 390 610 420 548 452C580 560 590 660 560 770L548 1642L1000 1650');

/** The piece's box in the view's art space (its cutpiece is drawn in print pixels from its corner). */
const PIECE_BOX = { x: 540, y: 200, width: 920, height: 1470 };

export function hoodie(): DemoBlank {
  const front = areaOnView(rect(730, 660, 540, 450), 2400);
  const back = areaOnView(rect(690, 820, 620, 723.33), 2800);
  return {
    code: 'hoodie',
    name: '加绒连帽卫衣',
    nameEn: 'Fleece-Lined Pullover Hoodie',
    category: 'hoodies',
    tag: 0,
    level: 0,
    colors: [
      { name: '黑色', en: 'Black', family: 'Black', code: '#1f1f22', slug: 'black' },
      { name: '麻灰', en: 'Heather Grey', family: 'Grey', code: '#a9a9a6', slug: 'heather' },
      { name: '藏青', en: 'Navy', family: 'Blue', code: '#1d2840', slug: 'navy' },
      { name: '酒红', en: 'Maroon', family: 'Red', code: '#6e1f2c', slug: 'maroon' },
      { name: '燕麦', en: 'Oatmeal', family: 'Beige', code: '#d9cbb2', slug: 'oatmeal' },
      { name: '军绿', en: 'Olive', family: 'Green', code: '#4e5a3c', slug: 'olive' },
    ],
    sizes: ['S', 'M', 'L', 'XL', 'XXL', '3XL'],
    price: 119,
    weight: 650,
    sizePrices: { XXL: 129, '3XL': 135 },
    areas: [
      {
        id: 'front',
        name: '正面胸前',
        showName: true,
        path: front.path,
        print: front.print,
        cutpiece: garmentCutpiece(PIECE_BOX, '前片 FRONT', FRONT_PIECE, front.placement, front.print, '直喷印花区 30×25 cm'),
      },
      {
        id: 'back',
        name: '背面',
        showName: true,
        path: back.path,
        print: back.print,
        cutpiece: garmentCutpiece(PIECE_BOX, '后片 BACK', BACK_PIECE, back.placement, back.print, '直喷印花区 30×35 cm'),
      },
    ],
    views: [frontArt(front.placement), backArt(back.placement)],
  };
}
