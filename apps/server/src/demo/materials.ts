import type { DemoContentDeps } from './deps.js';
import { encodeImage } from '../images/encode.js';
import { createMaterialRepo, createMaterialService } from '../modules/materials/index.js';
import {
  aurora,
  bokeh,
  checker,
  dots,
  florals,
  hexagons,
  jerseyNumber,
  landscape,
  PALETTES,
  rings,
  rng,
  shieldBadge,
  starBadge,
  stripes,
  triangles,
  waves,
} from './artworks.js';

/** One demo material: how to draw it, and where it goes. */
interface DemoArt {
  name: string;
  /** Folder path from the root, '' = the root. */
  folder: string;
  keywords: string[];
  level?: 0 | 1 | 2 | 3;
  /** Photo-like pictures are JPEG, the rest PNG (transparent where the art has no background). */
  format: 'png' | 'jpeg';
  svg: () => string;
}

const P = PALETTES;
const S = 1024;

/** The demo account's library: patterns, badges, numbers, photo-like pictures, in folders with keywords. */
const DEMO_LIBRARY: DemoArt[] = [
  {
    name: '海军蓝条纹',
    folder: '图案/几何',
    keywords: ['几何', '条纹', '蓝色'],
    format: 'png',
    svg: () => stripes(S, P.ocean.slice(0, 3), 45, 48),
  },
  {
    name: '糖果条纹',
    folder: '图案/几何',
    keywords: ['几何', '条纹', '粉色'],
    level: 1,
    format: 'png',
    svg: () => stripes(S, P.candy, 0, 64),
  },
  {
    name: '复古波点',
    folder: '图案/几何',
    keywords: ['几何', '波点', '复古'],
    format: 'png',
    svg: () => dots(S, P.retro[2], P.retro[4], 96, 22),
  },
  {
    name: '黑白波点',
    folder: '图案/几何',
    keywords: ['几何', '波点', '黑白'],
    format: 'png',
    svg: () => dots(S, P.mono[4], P.mono[0], 64, 14),
  },
  {
    name: '经典棋盘格',
    folder: '图案/几何',
    keywords: ['几何', '格子', '黑白'],
    format: 'png',
    svg: () => checker(S, P.mono[4], P.mono[0], 8),
  },
  {
    name: '三角拼接',
    folder: '图案/几何',
    keywords: ['几何', '三角', '复古'],
    level: 2,
    format: 'png',
    svg: () => triangles(S, P.retro, 8, rng(11)),
  },
  { name: '海浪', folder: '图案/几何', keywords: ['几何', '波浪', '蓝色'], format: 'png', svg: () => waves(S, P.ocean, 6, 40) },
  {
    name: '蜂巢',
    folder: '图案/几何',
    keywords: ['几何', '蜂巢', '黄色'],
    level: 1,
    format: 'png',
    svg: () => hexagons(S, P.sunny, 64, rng(12)),
  },
  { name: '同心圆', folder: '图案/几何', keywords: ['几何', '圆形', '复古'], format: 'png', svg: () => rings(S, P.retro, 9) },
  {
    name: '春日花园',
    folder: '图案/花卉',
    keywords: ['花卉', '粉色'],
    level: 2,
    format: 'png',
    svg: () => florals(S, P.candy, '#fff7f0', 26, rng(21)),
  },
  {
    name: '森林花卉',
    folder: '图案/花卉',
    keywords: ['花卉', '绿色', '复古'],
    format: 'png',
    svg: () => florals(S, P.forest.slice(2), P.forest[0], 30, rng(22)),
  },
  {
    name: '花朵贴纸',
    folder: '图案/花卉',
    keywords: ['花卉', '透明', '贴纸'],
    level: 3,
    format: 'png',
    svg: () => florals(S, P.sunny, undefined, 12, rng(23)),
  },
  {
    name: '金星徽章',
    folder: '徽章',
    keywords: ['徽章', '星星', '透明'],
    level: 1,
    format: 'png',
    svg: () => starBadge(S, ['#7a4d00', '#1d3557', '#ffc300'], 5),
  },
  {
    name: '红星徽章',
    folder: '徽章',
    keywords: ['徽章', '星星', '红色', '透明'],
    format: 'png',
    svg: () => starBadge(S, ['#6a040f', '#f1faee', '#d00000'], 5),
  },
  {
    name: '六角星徽章',
    folder: '徽章',
    keywords: ['徽章', '星星', '蓝色', '透明'],
    level: 2,
    format: 'png',
    svg: () => starBadge(S, ['#03045e', '#caf0f8', '#0077b6'], 6),
  },
  {
    name: '盾牌·蓝',
    folder: '徽章',
    keywords: ['徽章', '盾牌', '蓝色', '透明'],
    format: 'png',
    svg: () => shieldBadge(S, ['#0b3954', '#bfd7ea', '#087e8b'], 2),
  },
  {
    name: '盾牌·红',
    folder: '徽章',
    keywords: ['徽章', '盾牌', '红色', '透明'],
    level: 3,
    format: 'png',
    svg: () => shieldBadge(S, ['#370617', '#ffba08', '#d00000'], 3),
  },
  {
    name: '盾牌·绿',
    folder: '徽章',
    keywords: ['徽章', '盾牌', '绿色', '透明'],
    format: 'png',
    svg: () => shieldBadge(S, ['#283618', '#fefae0', '#606c38'], 1),
  },
  {
    name: '球衣号码 07',
    folder: '数字',
    keywords: ['数字', '球衣', '透明'],
    format: 'png',
    svg: () => jerseyNumber(S, '07', '#ffffff', '#c81d25'),
  },
  {
    name: '球衣号码 10',
    folder: '数字',
    keywords: ['数字', '球衣', '透明'],
    level: 1,
    format: 'png',
    svg: () => jerseyNumber(S, '10', '#ffc300', '#03045e'),
  },
  {
    name: '球衣号码 23',
    folder: '数字',
    keywords: ['数字', '球衣', '红色', '透明'],
    format: 'png',
    svg: () => jerseyNumber(S, '23', '#d00000', '#111111'),
  },
  {
    name: '球衣号码 99',
    folder: '数字',
    keywords: ['数字', '球衣', '绿色', '透明'],
    format: 'png',
    svg: () => jerseyNumber(S, '99', '#2a9d8f', '#f5f5f5'),
  },
  {
    name: '数字 8',
    folder: '数字',
    keywords: ['数字', '透明'],
    level: 2,
    format: 'png',
    svg: () => jerseyNumber(S, '8', '#8338ec', '#ffbe0b'),
  },
  {
    name: '数字 2026',
    folder: '数字',
    keywords: ['数字', '年份', '透明'],
    format: 'png',
    svg: () => jerseyNumber(S, '2026', '#3a86ff', '#ffffff'),
  },
  {
    name: '黄昏湖面',
    folder: '风景',
    keywords: ['风景', '日落', '渐变'],
    level: 2,
    format: 'jpeg',
    svg: () => landscape(1200, 800, ['#2b1055', '#d53369', '#ffb347'], ['#3d1a4d', '#2a1038', '#160a22'], rng(31)),
  },
  {
    name: '清晨山谷',
    folder: '风景',
    keywords: ['风景', '日出', '渐变'],
    format: 'jpeg',
    svg: () => landscape(1200, 800, ['#5f9ea0', '#ffd6a5', '#fff1d0'], ['#6b9080', '#3d5a50', '#1b3a33'], rng(32)),
  },
  {
    name: '远山',
    folder: '风景',
    keywords: ['风景', '山', '蓝色'],
    level: 1,
    format: 'jpeg',
    svg: () => landscape(1200, 800, ['#1e3c72', '#6a8dbf', '#dfe9f3'], ['#3b5b86', '#2a4365', '#172a45', '#0b1626'], rng(33)),
  },
  {
    name: '夕阳海岸',
    folder: '风景',
    keywords: ['风景', '日落', '海'],
    level: 3,
    format: 'jpeg',
    svg: () => landscape(1200, 800, ['#ff7e5f', '#feb47b', '#ffe29a'], ['#7b2e2e', '#4a1c1c'], rng(34)),
  },
  {
    name: '城市光斑',
    folder: '风景',
    keywords: ['光斑', '夜景', '渐变'],
    format: 'jpeg',
    svg: () => bokeh(1200, 800, P.sunny, 40, rng(35)),
  },
  {
    name: '粉色光斑',
    folder: '风景',
    keywords: ['光斑', '粉色', '渐变'],
    format: 'jpeg',
    svg: () => bokeh(1200, 800, P.candy, 34, rng(36)),
  },
  { name: '极光', folder: '风景', keywords: ['风景', '极光', '夜景'], level: 2, format: 'jpeg', svg: () => aurora(1200, 800, rng(37)) },
  { name: '星空极光', folder: '风景', keywords: ['风景', '极光', '星空'], format: 'jpeg', svg: () => aurora(1200, 800, rng(38)) },
  { name: '品牌色条纹', folder: '', keywords: ['条纹'], format: 'png', svg: () => stripes(S, P.sunny, 30, 40) },
  { name: '彩色三角', folder: '', keywords: ['三角', '彩色'], format: 'png', svg: () => triangles(S, P.sunny, 6, rng(41)) },
];

/** A handful for the sub-account demo-a, so the parent's account selector has something to show. */
const DEMO_A_LIBRARY: DemoArt[] = [
  { name: 'A组 条纹', folder: '运营A素材', keywords: ['条纹', '绿色'], format: 'png', svg: () => stripes(S, P.forest, 60, 40) },
  { name: 'A组 波点', folder: '运营A素材', keywords: ['波点', '蓝色'], format: 'png', svg: () => dots(S, P.ocean[2], P.ocean[0], 80, 18) },
  {
    name: 'A组 徽章',
    folder: '运营A素材',
    keywords: ['徽章', '透明'],
    level: 1,
    format: 'png',
    svg: () => starBadge(S, ['#264653', '#e9c46a', '#e76f51'], 5),
  },
  {
    name: 'A组 号码 11',
    folder: '运营A素材/号码',
    keywords: ['数字', '透明'],
    format: 'png',
    svg: () => jerseyNumber(S, '11', '#ffffff', '#264653'),
  },
  {
    name: 'A组 日落',
    folder: '',
    keywords: ['风景', '日落'],
    format: 'jpeg',
    svg: () => landscape(1200, 800, ['#355c7d', '#c06c84', '#f8b195'], ['#6c5b7b', '#355c7d'], rng(51)),
  },
];

/** Rasterises an artwork as an upload would arrive: a PNG (fast, lossless) or a JPEG file. */
async function rasterise(art: DemoArt): Promise<Buffer> {
  const svg = Buffer.from(art.svg());
  const encoded = await encodeImage(svg, art.format === 'png' ? { format: 'png', compressionLevel: 1 } : { format: 'jpeg', quality: 92 });
  return encoded.data;
}

/**
 * The demo library (issue 3): a few dozen generated artworks for `demo` and a handful for `demo-a`,
 * stored through the upload path (checked, re-encoded, thumbnailed) into folders with keywords.
 * Does nothing when the demo account is missing or already has materials.
 */
export async function seedDemoMaterials(deps: DemoContentDeps): Promise<void> {
  const materials = createMaterialService({ repo: createMaterialRepo(deps.db), storage: deps.storage, now: deps.now });
  const idOf = async (username: string) =>
    (await deps.db.selectFrom('account').select('id').where('username', '=', username).executeTakeFirst())?.id;
  const demoId = await idOf('demo');
  if (demoId === undefined || (await materials.hasMaterials(demoId))) return;
  const started = Date.now();
  let count = 0;
  for (const [ownerId, library] of [
    [demoId, DEMO_LIBRARY],
    [await idOf('demo-a'), DEMO_A_LIBRARY],
  ] as const) {
    if (ownerId === undefined) continue;
    // Rendering and re-encoding run in parallel (sharp works off the event loop); rows are written in
    // list order afterwards, so ids and folders come out the same on every first start.
    const prepared = await Promise.all(library.map(async (art) => materials.prepare(await rasterise(art))));
    const folders = new Map<string, number>([['', 0]]);
    const folderId = async (folderPath: string): Promise<number> => {
      const known = folders.get(folderPath);
      if (known !== undefined) return known;
      const cut = folderPath.lastIndexOf('/');
      const pid = cut < 0 ? 0 : await folderId(folderPath.slice(0, cut));
      const id = await materials.createFolder(ownerId, pid, folderPath.slice(cut + 1));
      folders.set(folderPath, id);
      return id;
    };
    for (const [i, art] of library.entries()) {
      await materials.save(ownerId, prepared[i]!, {
        name: art.name,
        fid: await folderId(art.folder),
        keywords: art.keywords,
        level: art.level ?? 0,
      });
      count += 1;
    }
  }
  deps.log(`Demo materials created: ${count} in ${Date.now() - started} ms`);
}
