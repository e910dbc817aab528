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

type Level = DemoArt['level'];

/** A drawn material: PNG, transparent where the art has no background. */
const png = (name: string, folder: string, keywords: string[], svg: () => string, level?: Level): DemoArt => ({
  name,
  folder,
  keywords,
  level,
  format: 'png',
  svg,
});
/** A photo-like picture: JPEG. */
const jpeg = (name: string, folder: string, keywords: string[], svg: () => string, level?: Level): DemoArt => ({
  ...png(name, folder, keywords, svg, level),
  format: 'jpeg',
});

const P = PALETTES;
const S = 1024;
/** A photo-like landscape, 1200 × 800: the sky's three colours, the mountains' layers, its random seed. */
const scene = (sky: readonly [string, string, string], hills: readonly string[], seed: number) => () =>
  landscape(1200, 800, sky, hills, rng(seed));

/** The demo account's library: patterns, badges, numbers, photo-like pictures, in folders with keywords. */
const DEMO_LIBRARY: DemoArt[] = [
  png('海军蓝条纹', '图案/几何', ['几何', '条纹', '蓝色'], () => stripes(S, P.ocean.slice(0, 3), 45, 48)),
  png('糖果条纹', '图案/几何', ['几何', '条纹', '粉色'], () => stripes(S, P.candy, 0, 64), 1),
  png('复古波点', '图案/几何', ['几何', '波点', '复古'], () => dots(S, P.retro[2], P.retro[4], 96, 22)),
  png('黑白波点', '图案/几何', ['几何', '波点', '黑白'], () => dots(S, P.mono[4], P.mono[0], 64, 14)),
  png('经典棋盘格', '图案/几何', ['几何', '格子', '黑白'], () => checker(S, P.mono[4], P.mono[0], 8)),
  png('三角拼接', '图案/几何', ['几何', '三角', '复古'], () => triangles(S, P.retro, 8, rng(11)), 2),
  png('海浪', '图案/几何', ['几何', '波浪', '蓝色'], () => waves(S, P.ocean, 6, 40)),
  png('蜂巢', '图案/几何', ['几何', '蜂巢', '黄色'], () => hexagons(S, P.sunny, 64, rng(12)), 1),
  png('同心圆', '图案/几何', ['几何', '圆形', '复古'], () => rings(S, P.retro, 9)),
  png('春日花园', '图案/花卉', ['花卉', '粉色'], () => florals(S, P.candy, '#fff7f0', 26, rng(21)), 2),
  png('森林花卉', '图案/花卉', ['花卉', '绿色', '复古'], () => florals(S, P.forest.slice(2), P.forest[0], 30, rng(22))),
  png('花朵贴纸', '图案/花卉', ['花卉', '透明', '贴纸'], () => florals(S, P.sunny, undefined, 12, rng(23)), 3),
  png('金星徽章', '徽章', ['徽章', '星星', '透明'], () => starBadge(S, ['#7a4d00', '#1d3557', '#ffc300'], 5), 1),
  png('红星徽章', '徽章', ['徽章', '星星', '红色', '透明'], () => starBadge(S, ['#6a040f', '#f1faee', '#d00000'], 5)),
  png('六角星徽章', '徽章', ['徽章', '星星', '蓝色', '透明'], () => starBadge(S, ['#03045e', '#caf0f8', '#0077b6'], 6), 2),
  png('盾牌·蓝', '徽章', ['徽章', '盾牌', '蓝色', '透明'], () => shieldBadge(S, ['#0b3954', '#bfd7ea', '#087e8b'], 2)),
  png('盾牌·红', '徽章', ['徽章', '盾牌', '红色', '透明'], () => shieldBadge(S, ['#370617', '#ffba08', '#d00000'], 3), 3),
  png('盾牌·绿', '徽章', ['徽章', '盾牌', '绿色', '透明'], () => shieldBadge(S, ['#283618', '#fefae0', '#606c38'], 1)),
  png('球衣号码 07', '数字', ['数字', '球衣', '透明'], () => jerseyNumber(S, '07', '#ffffff', '#c81d25')),
  png('球衣号码 10', '数字', ['数字', '球衣', '透明'], () => jerseyNumber(S, '10', '#ffc300', '#03045e'), 1),
  png('球衣号码 23', '数字', ['数字', '球衣', '红色', '透明'], () => jerseyNumber(S, '23', '#d00000', '#111111')),
  png('球衣号码 99', '数字', ['数字', '球衣', '绿色', '透明'], () => jerseyNumber(S, '99', '#2a9d8f', '#f5f5f5')),
  png('数字 8', '数字', ['数字', '透明'], () => jerseyNumber(S, '8', '#8338ec', '#ffbe0b'), 2),
  png('数字 2026', '数字', ['数字', '年份', '透明'], () => jerseyNumber(S, '2026', '#3a86ff', '#ffffff')),
  jpeg('黄昏湖面', '风景', ['风景', '日落', '渐变'], scene(['#2b1055', '#d53369', '#ffb347'], ['#3d1a4d', '#2a1038', '#160a22'], 31), 2),
  jpeg('清晨山谷', '风景', ['风景', '日出', '渐变'], scene(['#5f9ea0', '#ffd6a5', '#fff1d0'], ['#6b9080', '#3d5a50', '#1b3a33'], 32)),
  jpeg(
    '远山',
    '风景',
    ['风景', '山', '蓝色'],
    scene(['#1e3c72', '#6a8dbf', '#dfe9f3'], ['#3b5b86', '#2a4365', '#172a45', '#0b1626'], 33),
    1,
  ),
  jpeg('夕阳海岸', '风景', ['风景', '日落', '海'], scene(['#ff7e5f', '#feb47b', '#ffe29a'], ['#7b2e2e', '#4a1c1c'], 34), 3),
  jpeg('城市光斑', '风景', ['光斑', '夜景', '渐变'], () => bokeh(1200, 800, P.sunny, 40, rng(35))),
  jpeg('粉色光斑', '风景', ['光斑', '粉色', '渐变'], () => bokeh(1200, 800, P.candy, 34, rng(36))),
  jpeg('极光', '风景', ['风景', '极光', '夜景'], () => aurora(1200, 800, rng(37)), 2),
  jpeg('星空极光', '风景', ['风景', '极光', '星空'], () => aurora(1200, 800, rng(38))),
  png('品牌色条纹', '', ['条纹'], () => stripes(S, P.sunny, 30, 40)),
  png('彩色三角', '', ['三角', '彩色'], () => triangles(S, P.sunny, 6, rng(41))),
];

/** A handful for the sub-account demo-a, so the parent's account selector has something to show. */
const DEMO_A_LIBRARY: DemoArt[] = [
  png('A组 条纹', '运营A素材', ['条纹', '绿色'], () => stripes(S, P.forest, 60, 40)),
  png('A组 波点', '运营A素材', ['波点', '蓝色'], () => dots(S, P.ocean[2], P.ocean[0], 80, 18)),
  png('A组 徽章', '运营A素材', ['徽章', '透明'], () => starBadge(S, ['#264653', '#e9c46a', '#e76f51'], 5), 1),
  png('A组 号码 11', '运营A素材/号码', ['数字', '透明'], () => jerseyNumber(S, '11', '#ffffff', '#264653')),
  jpeg('A组 日落', '', ['风景', '日落'], scene(['#355c7d', '#c06c84', '#f8b195'], ['#6c5b7b', '#355c7d'], 51)),
];

/** Rasterises an artwork as an upload would arrive: a PNG (fast, lossless) or a JPEG file. */
async function rasterise(art: DemoArt): Promise<Buffer> {
  const svg = Buffer.from(art.svg());
  const encoded = await encodeImage(svg, art.format === 'png' ? { format: 'png', compressionLevel: 1 } : { format: 'jpeg', quality: 92 });
  return encoded.data;
}

/**
 * The demo library (docs/editor.md#materials): a few dozen generated artworks for `demo` and a handful for `demo-a`,
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
