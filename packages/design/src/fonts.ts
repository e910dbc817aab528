/**
 * The editor's font list: open-licensed (SIL OFL / Apache) font files installed from the npm registry.
 * The server registers these files with Skia and serves them at /fonts/<file> for the browser, so a
 * text layer renders with the same glyphs on both sides (docs/editor.md#text). Browser-safe: data only.
 */
export interface FontFile {
  /** CSS family name, as stored in a text layer's fontFamily. */
  family: string;
  label: { zh: string; en: string };
  weight: 400 | 700;
  /** File name served under /fonts/. */
  file: string;
  /** Module path resolved on the server (node_modules). */
  module: string;
  /** Covers Chinese (GB2312 at least): names like 张雨桐 render in it. */
  cjk: boolean;
}

const expo = (pkg: string, dir: string, file: string) => `@expo-google-fonts/${pkg}/${dir}/${file}`;

export const FONT_FILES: readonly FontFile[] = [
  {
    family: 'Noto Sans SC',
    label: { zh: '思源黑体', en: 'Noto Sans SC' },
    weight: 400,
    file: 'NotoSansSC_400Regular.ttf',
    module: expo('noto-sans-sc', '400Regular', 'NotoSansSC_400Regular.ttf'),
    cjk: true,
  },
  {
    family: 'Noto Sans SC',
    label: { zh: '思源黑体', en: 'Noto Sans SC' },
    weight: 700,
    file: 'NotoSansSC_700Bold.ttf',
    module: expo('noto-sans-sc', '700Bold', 'NotoSansSC_700Bold.ttf'),
    cjk: true,
  },
  {
    family: 'ZCOOL KuaiLe',
    label: { zh: '站酷快乐体', en: 'ZCOOL KuaiLe' },
    weight: 400,
    file: 'ZCOOLKuaiLe_400Regular.ttf',
    module: expo('zcool-kuaile', '400Regular', 'ZCOOLKuaiLe_400Regular.ttf'),
    cjk: true,
  },
  {
    family: 'Ma Shan Zheng',
    label: { zh: '马善政毛笔楷书', en: 'Ma Shan Zheng' },
    weight: 400,
    file: 'MaShanZheng_400Regular.ttf',
    module: expo('ma-shan-zheng', '400Regular', 'MaShanZheng_400Regular.ttf'),
    cjk: true,
  },
  {
    family: 'Roboto',
    label: { zh: 'Roboto', en: 'Roboto' },
    weight: 400,
    file: 'Roboto_400Regular.ttf',
    module: expo('roboto', '400Regular', 'Roboto_400Regular.ttf'),
    cjk: false,
  },
  {
    family: 'Roboto',
    label: { zh: 'Roboto', en: 'Roboto' },
    weight: 700,
    file: 'Roboto_700Bold.ttf',
    module: expo('roboto', '700Bold', 'Roboto_700Bold.ttf'),
    cjk: false,
  },
  {
    family: 'Oswald',
    label: { zh: 'Oswald 窄体', en: 'Oswald' },
    weight: 400,
    file: 'Oswald_400Regular.ttf',
    module: expo('oswald', '400Regular', 'Oswald_400Regular.ttf'),
    cjk: false,
  },
  {
    family: 'Oswald',
    label: { zh: 'Oswald 窄体', en: 'Oswald' },
    weight: 700,
    file: 'Oswald_700Bold.ttf',
    module: expo('oswald', '700Bold', 'Oswald_700Bold.ttf'),
    cjk: false,
  },
  {
    family: 'Anton',
    label: { zh: 'Anton 球衣号码', en: 'Anton' },
    weight: 400,
    file: 'Anton_400Regular.ttf',
    module: expo('anton', '400Regular', 'Anton_400Regular.ttf'),
    cjk: false,
  },
  {
    family: 'Pacifico',
    label: { zh: 'Pacifico 手写', en: 'Pacifico' },
    weight: 400,
    file: 'Pacifico_400Regular.ttf',
    module: expo('pacifico', '400Regular', 'Pacifico_400Regular.ttf'),
    cjk: false,
  },
];

/** The default text font: covers Latin and Chinese. */
export const DEFAULT_FONT_FAMILY = 'Noto Sans SC';

/** One entry per family, for the editor's font picker. */
export const FONT_FAMILIES: readonly { family: string; label: { zh: string; en: string }; cjk: boolean; bold: boolean }[] = [
  ...new Map(
    FONT_FILES.map((f) => [
      f.family,
      { family: f.family, label: f.label, cjk: f.cjk, bold: FONT_FILES.some((g) => g.family === f.family && g.weight === 700) },
    ]),
  ).values(),
];

/**
 * The CSS font shorthand of a text layer. Latin-only families fall back to the CJK default, so a
 * Chinese name set in Anton still renders (in Noto Sans SC) instead of as empty boxes.
 */
export function cssFont(family: string, sizePx: number, bold: boolean): string {
  const fallback = family === DEFAULT_FONT_FAMILY ? '' : `, "${DEFAULT_FONT_FAMILY}"`;
  return `${bold ? 'bold ' : ''}${sizePx}px "${family}"${fallback}`;
}
