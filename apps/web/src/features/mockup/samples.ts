/**
 * The mockup prototype's sample content (docs/mockup-prototype.md): placeholder pictures drawn here as SVG, in
 * four tabs, each under a two-level category. Nothing comes from the server; the names are texts of the catalogue
 * (`mockup.sample.<id>`, `mockup.cat.<key>`).
 */

export const SAMPLE_TABS = ['product', 'material', 'background', 'image'] as const;
export type SampleTab = (typeof SAMPLE_TABS)[number];

export interface Sample {
  id: string;
  tab: SampleTab;
  /** Category keys, outer then inner. */
  category: [string, string];
  /** An `image/svg+xml` data address: drawn here, never fetched. */
  src: string;
}

/** Each tab's categories: outer key → inner keys. */
export const SAMPLE_CATEGORIES: Record<SampleTab, Record<string, string[]>> = {
  product: { apparel: ['tee', 'hoodie'], home: ['pillow', 'mug'], accessories: ['cap', 'tote'] },
  material: { shapes: ['geometry', 'nature'], decor: ['festive', 'symbols'] },
  background: { plain: ['solid', 'gradient'], pattern: ['stripes', 'dots'] },
  image: { scenery: ['mountain', 'sea'], city: ['skyline', 'street'], abstract: ['waves', 'blocks'] },
};

const svg = (body: string, size = 240) =>
  `data:image/svg+xml;charset=utf-8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 240 240">${body}</svg>`,
  )}`;

// Outlines of the placeholder products, in a 240×240 box.
const TEE = 'M80 30 L50 40 L18 78 L46 100 L62 86 L62 214 L178 214 L178 86 L194 100 L222 78 L190 40 L160 30 Q120 62 80 30 Z';
const HOODIE = 'M84 34 Q120 6 156 34 L196 48 L224 150 L196 158 L178 104 L178 218 L62 218 L62 104 L44 158 L16 150 L44 48 Z';
const MUG =
  'M46 56 H166 V196 Q166 214 148 214 H64 Q46 214 46 196 Z M166 86 H190 Q214 86 214 124 Q214 162 190 162 H166 V146 H188 Q198 146 198 124 Q198 102 188 102 H166 Z';
const CAP = 'M30 150 Q30 60 120 56 Q206 60 206 150 Z M96 150 H230 Q226 170 196 170 H96 Z';
const TOTE = 'M46 86 H194 L184 216 H56 Z M84 86 V64 Q84 30 120 30 Q156 30 156 64 V86 H142 V64 Q142 44 120 44 Q98 44 98 64 V86 Z';
const PILLOW = 'M34 44 Q120 64 206 44 Q190 120 206 196 Q120 176 34 196 Q50 120 34 44 Z';

const product = (path: string, fill: string) =>
  svg(`<path d="${path}" fill="${fill}" stroke="#1f2937" stroke-width="3" stroke-linejoin="round"/>`);

const star = (cx: number, cy: number, r: number) => {
  const points = Array.from({ length: 10 }, (_, i) => {
    const radius = i % 2 === 0 ? r : r * 0.45;
    const angle = (Math.PI / 5) * i - Math.PI / 2;
    return `${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`;
  });
  return points.join(' ');
};

const stripes = (a: string, b: string) =>
  svg(
    `<rect width="240" height="240" fill="${a}"/>` +
      Array.from({ length: 6 }, (_, i) => `<rect x="${i * 40}" width="20" height="240" fill="${b}"/>`).join(''),
  );

const dots = (a: string, b: string) =>
  svg(
    `<rect width="240" height="240" fill="${a}"/>` +
      Array.from(
        { length: 36 },
        (_, i) => `<circle cx="${(i % 6) * 40 + 20}" cy="${Math.floor(i / 6) * 40 + 20}" r="8" fill="${b}"/>`,
      ).join(''),
  );

const gradient = (id: string, a: string, b: string) =>
  svg(
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient></defs>` +
      `<rect width="240" height="240" fill="url(#${id})"/>`,
  );

export const SAMPLES: Sample[] = [
  // Products: placeholder blanks.
  { id: 'teeWhite', tab: 'product', category: ['apparel', 'tee'], src: product(TEE, '#f8fafc') },
  { id: 'teeNavy', tab: 'product', category: ['apparel', 'tee'], src: product(TEE, '#1e3a8a') },
  { id: 'hoodieGrey', tab: 'product', category: ['apparel', 'hoodie'], src: product(HOODIE, '#9ca3af') },
  { id: 'pillowSquare', tab: 'product', category: ['home', 'pillow'], src: product(PILLOW, '#fde68a') },
  { id: 'mugWhite', tab: 'product', category: ['home', 'mug'], src: product(MUG, '#ffffff') },
  { id: 'capRed', tab: 'product', category: ['accessories', 'cap'], src: product(CAP, '#dc2626') },
  { id: 'toteCanvas', tab: 'product', category: ['accessories', 'tote'], src: product(TOTE, '#e7d7b5') },

  // Materials: shapes to lay on a design.
  { id: 'star', tab: 'material', category: ['shapes', 'geometry'], src: svg(`<polygon points="${star(120, 124, 104)}" fill="#f59e0b"/>`) },
  {
    id: 'circles',
    tab: 'material',
    category: ['shapes', 'geometry'],
    src: svg(
      '<circle cx="90" cy="100" r="64" fill="#6366f1" opacity=".85"/><circle cx="150" cy="140" r="64" fill="#ec4899" opacity=".85"/>',
    ),
  },
  {
    id: 'leaf',
    tab: 'material',
    category: ['shapes', 'nature'],
    src: svg(
      '<path d="M40 200 Q40 40 200 40 Q200 200 40 200 Z" fill="#16a34a"/><path d="M40 200 L160 80" stroke="#bbf7d0" stroke-width="6"/>',
    ),
  },
  {
    id: 'sun',
    tab: 'material',
    category: ['shapes', 'nature'],
    src: svg(
      '<circle cx="120" cy="120" r="52" fill="#facc15"/>' +
        Array.from(
          { length: 12 },
          (_, i) => `<rect x="116" y="14" width="8" height="40" rx="4" fill="#fb923c" transform="rotate(${i * 30} 120 120)"/>`,
        ).join(''),
    ),
  },
  {
    id: 'heart',
    tab: 'material',
    category: ['decor', 'festive'],
    src: svg('<path d="M120 206 L36 122 Q6 86 36 52 Q72 20 120 66 Q168 20 204 52 Q234 86 204 122 Z" fill="#e11d48"/>'),
  },
  {
    id: 'gift',
    tab: 'material',
    category: ['decor', 'festive'],
    src: svg(
      '<rect x="40" y="96" width="160" height="116" fill="#0ea5e9"/><rect x="30" y="70" width="180" height="36" fill="#0284c7"/>' +
        '<rect x="110" y="70" width="20" height="142" fill="#fde047"/><path d="M120 70 Q80 20 70 56 Q80 72 120 70 Q160 20 170 56 Q160 72 120 70 Z" fill="#fde047"/>',
    ),
  },
  {
    id: 'bolt',
    tab: 'material',
    category: ['decor', 'symbols'],
    src: svg('<polygon points="136,16 52,136 112,136 96,224 188,96 126,96" fill="#7c3aed"/>'),
  },
  {
    id: 'check',
    tab: 'material',
    category: ['decor', 'symbols'],
    src: svg(
      '<circle cx="120" cy="120" r="100" fill="#10b981"/><path d="M70 124 L106 160 L176 86" fill="none" stroke="#fff" stroke-width="22" stroke-linecap="round" stroke-linejoin="round"/>',
    ),
  },

  // Backgrounds: what fills the canvas behind.
  { id: 'bgCream', tab: 'background', category: ['plain', 'solid'], src: svg('<rect width="240" height="240" fill="#fef3c7"/>') },
  { id: 'bgMint', tab: 'background', category: ['plain', 'solid'], src: svg('<rect width="240" height="240" fill="#d1fae5"/>') },
  { id: 'bgSunset', tab: 'background', category: ['plain', 'gradient'], src: gradient('sunset', '#fb7185', '#fde68a') },
  { id: 'bgOcean', tab: 'background', category: ['plain', 'gradient'], src: gradient('ocean', '#1e40af', '#67e8f9') },
  { id: 'bgStripes', tab: 'background', category: ['pattern', 'stripes'], src: stripes('#eff6ff', '#bfdbfe') },
  { id: 'bgDots', tab: 'background', category: ['pattern', 'dots'], src: dots('#fdf2f8', '#f9a8d4') },

  // Images: pictures to print.
  {
    id: 'mountains',
    tab: 'image',
    category: ['scenery', 'mountain'],
    src: svg(
      '<rect width="240" height="240" fill="#bae6fd"/><circle cx="180" cy="60" r="26" fill="#fde047"/>' +
        '<polygon points="0,200 80,70 150,200" fill="#475569"/><polygon points="90,200 170,96 240,200" fill="#64748b"/>' +
        '<polygon points="80,70 98,100 62,100" fill="#f8fafc"/><rect y="196" width="240" height="44" fill="#65a30d"/>',
    ),
  },
  {
    id: 'seaside',
    tab: 'image',
    category: ['scenery', 'sea'],
    src: svg(
      '<rect width="240" height="240" fill="#fed7aa"/><circle cx="120" cy="130" r="44" fill="#f97316"/>' +
        '<rect y="130" width="240" height="110" fill="#0369a1"/><path d="M0 160 Q30 150 60 160 T120 160 T180 160 T240 160" fill="none" stroke="#bae6fd" stroke-width="4"/>' +
        '<path d="M0 190 Q30 180 60 190 T120 190 T180 190 T240 190" fill="none" stroke="#bae6fd" stroke-width="4"/>',
    ),
  },
  {
    id: 'skyline',
    tab: 'image',
    category: ['city', 'skyline'],
    src: svg(
      '<rect width="240" height="240" fill="#312e81"/><circle cx="190" cy="50" r="18" fill="#fef9c3"/>' +
        '<rect x="10" y="120" width="40" height="120" fill="#1e1b4b"/><rect x="56" y="80" width="44" height="160" fill="#1e1b4b"/>' +
        '<rect x="106" y="130" width="36" height="110" fill="#1e1b4b"/><rect x="148" y="60" width="40" height="180" fill="#1e1b4b"/>' +
        '<rect x="194" y="110" width="40" height="130" fill="#1e1b4b"/>' +
        Array.from(
          { length: 8 },
          (_, i) => `<rect x="${64 + (i % 2) * 18}" y="${96 + Math.floor(i / 2) * 24}" width="10" height="12" fill="#fde047"/>`,
        ).join(''),
    ),
  },
  {
    id: 'street',
    tab: 'image',
    category: ['city', 'street'],
    src: svg(
      '<rect width="240" height="240" fill="#e0f2fe"/><polygon points="100,100 140,100 240,240 0,240" fill="#374151"/>' +
        '<polygon points="118,110 122,110 126,240 114,240" fill="#fef08a"/><rect x="0" y="40" width="80" height="150" fill="#fca5a5"/>' +
        '<rect x="160" y="30" width="80" height="160" fill="#a5b4fc"/>',
    ),
  },
  {
    id: 'waves',
    tab: 'image',
    category: ['abstract', 'waves'],
    src: svg(
      '<rect width="240" height="240" fill="#ecfeff"/>' +
        ['#06b6d4', '#0891b2', '#0e7490', '#155e75']
          .map((c, i) => `<path d="M0 ${70 + i * 45} Q60 ${30 + i * 45} 120 ${70 + i * 45} T240 ${70 + i * 45} V240 H0 Z" fill="${c}"/>`)
          .join(''),
    ),
  },
  {
    id: 'blocks',
    tab: 'image',
    category: ['abstract', 'blocks'],
    src: svg(
      '<rect width="240" height="240" fill="#fafafa"/><rect x="20" y="20" width="110" height="130" fill="#ef4444"/>' +
        '<rect x="140" y="20" width="80" height="60" fill="#facc15"/><rect x="140" y="90" width="80" height="130" fill="#2563eb"/>' +
        '<rect x="20" y="160" width="110" height="60" fill="#111827"/>',
    ),
  },
];

/** The samples of a tab whose name (in the language shown) holds `query` and that sit under `category` (a prefix). */
export function filterSamples(
  samples: Sample[],
  tab: SampleTab,
  query: string,
  category: string[],
  nameOf: (s: Sample) => string,
): Sample[] {
  const needle = query.trim().toLocaleLowerCase();
  return samples.filter(
    (s) => s.tab === tab && category.every((c, i) => s.category[i] === c) && (!needle || nameOf(s).toLocaleLowerCase().includes(needle)),
  );
}

/** The placeholder product colours the preview shows the same art on. */
export const PREVIEW_VIEWS = [
  { id: 'white', color: '#f8fafc' },
  { id: 'black', color: '#1f2937' },
  { id: 'red', color: '#b91c1c' },
] as const;

/** The outline of the T-shirt the preview draws in each colour (same box as the samples). */
export const PREVIEW_TEE = TEE;
