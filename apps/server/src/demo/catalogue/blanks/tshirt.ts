import { areaOnView, edgeShade, garmentCutpiece, studioBackdrop, type DemoBlank } from '../blank.js';
import { line, mirrorPath, rect, Soft, stitch, symmetric } from '../svg.js';
import type { ViewArt } from '../render.js';

/** Both halves of a stroke: the drawn one and its mirror image. */
const both = (d: string) => [d, mirrorPath(d)];
const strokes = (ds: string[], width: number, color = '#000', extra = '') =>
  ds
    .flatMap(both)
    .map((d) => line(d, width, color, extra))
    .join('');

// Outline of a short-sleeve crew-neck T-shirt, ghost-mannequin front view (left half, then mirrored).
const BODY_FRONT = symmetric(
  'M1000 258C930 258 872 266 836 284C760 306 660 330 566 356C500 420 388 560 292 688Q380 784 478 842' +
    'C500 808 520 780 534 752C544 1000 540 1300 548 1622Q550 1642 572 1644C700 1652 850 1656 1000 1656',
);
const BODY_BACK = symmetric(
  'M1000 262C930 262 872 270 836 286C760 306 660 330 566 356C500 420 388 560 292 688Q380 784 478 842' +
    'C500 808 520 780 534 752C544 1000 540 1300 548 1626Q550 1646 572 1648C700 1656 850 1660 1000 1660',
);
const NECK_OUTER = 'M836 284C850 360 920 410 1000 412';
const NECK_INNER = 'M862 284C876 350 934 380 1000 382';
const BACK_INSIDE = symmetric('M1000 274C950 274 900 278 860 288C876 350 934 380 1000 382');
const RIB = symmetric('M1000 382C934 380 876 350 862 284L836 284C850 360 920 410 1000 412');

const ARMHOLE = 'M566 358C598 470 606 640 536 752';
const HEM = 'M552 1610C700 1622 850 1628 1000 1628';

/** Light and sheen both views share: roundness, sleeves, armholes, hems. */
function sharedLight(body: string) {
  const light = new Soft();
  edgeShade(light, body, 130, 40, 0.16);
  edgeShade(light, body, 36, 14, 0.13);
  // Sleeves turn away underneath and shade the sides below them.
  light.add(40, strokes(['M470 830C420 780 360 730 300 700'], 60), 0.3);
  light.add(60, strokes(['M542 780C530 900 540 1040 548 1180'], 70), 0.22);
  // A crease across the sleeve from the armpit, and the armhole seam's small valley.
  light.add(24, strokes(['M536 760C500 700 470 620 452 540'], 26), 0.28);
  light.add(14, strokes([ARMHOLE], 16), 0.3);
  // Hem turn-ups: the fold line and the rolled edge below it.
  light.add(8, strokes(['M552 1606C700 1618 850 1624 1000 1624', 'M300 694Q384 778 478 826'], 9), 0.3);
  light.add(24, strokes(['M560 1652C700 1664 850 1668 1000 1668'], 26), 0.22);
  const sheen = new Soft();
  // Light from the upper left: the near shoulder and sleeve tops catch it.
  sheen.add(90, '<ellipse cx="760" cy="700" rx="420" ry="330" fill="#fff"/>', 0.09);
  sheen.add(40, strokes(['M520 420C470 500 400 600 330 680'], 60, '#fff'), 0.1);
  sheen.add(24, strokes(['M470 600C490 660 512 710 530 740'], 24, '#fff'), 0.1);
  sheen.add(14, strokes(['M560 1640C700 1652 850 1658 1000 1658', 'M296 706Q382 792 476 842'], 12, '#fff'), 0.12);
  return { light, sheen };
}

function frontArt(placement: { x: number; y: number; width: number; height: number }): ViewArt {
  const { light, sheen } = sharedLight(BODY_FRONT);
  // Inside of the back, seen through the neck opening: in shadow, darkest under the collar.
  light.add(14, `<path d="${BACK_INSIDE}" fill="#000"/>`, 0.22);
  // Drag folds from the underarms towards the chest; a soft dip at the waist; slack above the hem.
  light.add(40, strokes(['M560 800C650 850 720 910 790 1000'], 44), 0.22);
  light.add(24, strokes(['M566 822C640 862 700 906 752 960', 'M556 1000C620 1030 664 1070 690 1120'], 14), 0.24);
  light.add(60, strokes(['M560 1250C700 1290 860 1306 1000 1306'], 80), 0.1);
  light.add(24, strokes(['M680 1636C690 1560 708 1500 730 1452'], 18), 0.2);
  // Folds that are not mirrored, so the shirt does not look drawn with a ruler.
  light.add(
    24,
    line('M1150 1642C1144 1590 1150 1540 1168 1500', 18, '#000') + line('M600 1200C700 1260 780 1330 840 1420', 30, '#000'),
    0.15,
  );
  light.add(40, line('M1420 980C1340 1040 1280 1100 1240 1180', 36, '#000'), 0.16);
  light.add(60, strokes(['M640 1020C650 1200 650 1400 660 1600'], 50), 0.1);
  sheen.add(24, line('M622 1176C722 1236 802 1306 862 1396', 22, '#fff'), 0.08);
  sheen.add(40, line('M1442 1004C1362 1064 1302 1124 1264 1204', 30, '#fff'), 0.08);
  // The collar band casts a soft shadow on the chest.
  light.add(24, strokes(['M842 300C860 380 920 432 1000 434'], 24), 0.24);
  light.add(8, strokes([NECK_INNER], 10), 0.45);
  sheen.add(40, strokes(['M600 870C680 910 740 970 800 1050'], 40, '#fff'), 0.1);
  sheen.add(24, strokes(['M880 436C920 452 960 458 1000 458', 'M700 1452C680 1520 670 1580 668 1630'], 18, '#fff'), 0.1);
  const detail =
    `<path d="${BACK_INSIDE}" fill="#747474"/>` +
    strokes(['M1000 396C926 394 864 356 849 286'], 28, '#000', 'stroke-dasharray="3 6" opacity=".12" stroke-linecap="butt"') +
    stitch(mirrorOf('M838 296C852 370 922 420 1000 422')) +
    stitch(mirrorOf('M318 688Q400 770 486 820')) +
    stitch(mirrorOf('M312 676Q396 760 490 808')) +
    stitch(mirrorOf(HEM)) +
    stitch(mirrorOf('M553 1598C700 1610 850 1616 1000 1616')) +
    strokes([ARMHOLE, 'M836 292C760 314 660 338 570 364'], 3, '#000', 'opacity=".3"') +
    strokes([NECK_OUTER], 3, '#000', 'opacity=".3"');
  return {
    id: 'front',
    name: '正面',
    silhouette: `<path d="${BODY_FRONT}"/>`,
    light,
    detail,
    sheen,
    printMask: `<path d="${BODY_FRONT}"/><path d="${RIB}" fill="#000"/><path d="${BACK_INSIDE}" fill="#000"/>`,
    ...studioBackdrop(BODY_FRONT),
    placements: [{ area: 'front', ...placement }],
  };
}

function backArt(placement: { x: number; y: number; width: number; height: number }): ViewArt {
  const { light, sheen } = sharedLight(BODY_BACK);
  // The back is flatter: shoulder blades, a sway fold above the hem, the collar's edge.
  light.add(60, strokes(['M640 760C720 820 800 860 880 880'], 70), 0.12);
  light.add(40, strokes(['M600 1330C720 1366 860 1384 1000 1384'], 60), 0.12);
  light.add(24, strokes(['M700 1630C706 1540 720 1470 744 1420'], 20), 0.18);
  light.add(14, strokes(['M836 300C900 288 950 284 1000 284'], 12), 0.25);
  const detail =
    strokes(['M1000 276C934 276 880 282 846 294'], 22, '#000', 'stroke-dasharray="3 6" opacity=".12" stroke-linecap="butt"') +
    stitch(mirrorOf('M842 304C900 293 950 289 1000 289'), 0.35) +
    stitch(mirrorOf('M318 688Q400 770 486 820')) +
    stitch(mirrorOf('M312 676Q396 760 490 808')) +
    stitch(mirrorOf(HEM)) +
    stitch(mirrorOf('M553 1598C700 1610 850 1616 1000 1616')) +
    strokes([ARMHOLE, 'M836 288C760 310 660 334 568 360'], 3, '#000', 'opacity=".3"');
  return {
    id: 'back',
    name: '背面',
    silhouette: `<path d="${BODY_BACK}"/>`,
    light,
    detail,
    sheen,
    printMask: `<path d="${BODY_BACK}"/>`,
    ...studioBackdrop(BODY_BACK),
    placements: [{ area: 'back', ...placement }],
  };
}

/** A path and its mirror image, as one path. */
function mirrorOf(d: string) {
  return `${d}${mirrorPath(d)}`;
}

// The front body piece of the pattern (no sleeves), for the cutpiece drawings.
const FRONT_PIECE = symmetric(
  'M1000 412C920 410 850 360 836 284C760 306 660 330 566 356C600 470 606 640 536 752C542 1000 536 1300 548 1656L1000 1672',
);
const BACK_PIECE = symmetric(
  'M1000 290C940 290 880 294 836 288C760 306 660 330 566 356C600 470 606 640 536 752C542 1000 536 1300 548 1656L1000 1672',
);

/** The piece's box in the view's art space (its cutpiece is drawn in print pixels from its corner). */
const PIECE_BOX = { x: 520, y: 270, width: 960, height: 1420 };

export function tshirt(): DemoBlank {
  const front = areaOnView(rect(700, 470, 600, 800), 3200);
  const back = areaOnView(rect(690, 420, 620, 826.67), 3200);
  return {
    code: 'tshirt',
    name: '经典纯棉圆领T恤',
    nameEn: 'Classic Cotton Crew Neck T-Shirt',
    category: 'tshirts',
    tag: 2,
    level: 0,
    colors: [
      { name: '白色', en: 'White', family: 'White', code: '#f6f6f3', slug: 'white' },
      { name: '黑色', en: 'Black', family: 'Black', code: '#1d1d20', slug: 'black' },
      { name: '麻灰', en: 'Heather Grey', family: 'Grey', code: '#b8b8b5', slug: 'heather' },
      { name: '藏青', en: 'Navy', family: 'Blue', code: '#1e2a45', slug: 'navy' },
      { name: '红色', en: 'Red', family: 'Red', code: '#b3202b', slug: 'red' },
      { name: '宝蓝', en: 'Royal Blue', family: 'Blue', code: '#2452a8', slug: 'royal' },
      { name: '墨绿', en: 'Forest Green', family: 'Green', code: '#244c36', slug: 'forest' },
      { name: '姜黄', en: 'Mustard', family: 'Yellow', code: '#f0bd2e', slug: 'gold' },
    ],
    sizes: ['S', 'M', 'L', 'XL', 'XXL'],
    price: 39,
    weight: 220,
    sizePrices: { XXL: 45 },
    areas: [
      {
        id: 'front',
        name: '正面',
        showName: true,
        path: front.path,
        print: front.print,
        cutpiece: garmentCutpiece(PIECE_BOX, '前片 FRONT', FRONT_PIECE, front.placement, front.print, '直喷印花区 30×40 cm'),
      },
      {
        id: 'back',
        name: '背面',
        showName: true,
        path: back.path,
        print: back.print,
        cutpiece: garmentCutpiece(PIECE_BOX, '后片 BACK', BACK_PIECE, back.placement, back.print, '直喷印花区 30×40 cm'),
      },
    ],
    views: [frontArt(front.placement), backArt(back.placement)],
  };
}
