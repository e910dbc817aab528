/**
 * Procedural artworks for the demo library: SVG text only, rasterised by sharp (librsvg). No fonts and
 * no downloads — digits are drawn as segments — so the same seed gives the same picture on any machine.
 */

/** A small seeded PRNG (mulberry32): deterministic, good enough for pictures. */
export function rng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (lo: number, hi: number) => lo + (hi - lo) * next(),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
  };
}
type Rng = ReturnType<typeof rng>;

export const PALETTES = {
  ocean: ['#0b3954', '#087e8b', '#bfd7ea', '#ff5a5f', '#c81d25'],
  sunny: ['#ffbe0b', '#fb5607', '#ff006e', '#8338ec', '#3a86ff'],
  forest: ['#283618', '#606c38', '#fefae0', '#dda15e', '#bc6c25'],
  candy: ['#cdb4db', '#ffc8dd', '#ffafcc', '#bde0fe', '#a2d2ff'],
  retro: ['#264653', '#2a9d8f', '#e9c46a', '#f4a261', '#e76f51'],
  mono: ['#111111', '#444444', '#888888', '#cccccc', '#f5f5f5'],
} as const;
export type PaletteName = keyof typeof PALETTES;

const n = (x: number) => Math.round(x * 10) / 10;
const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${body}</svg>`;
const polygon = (pts: [number, number][], attrs: string) =>
  `<polygon points="${pts.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" ${attrs}/>`;

export function stripes(size: number, colors: readonly string[], angle: number, band: number) {
  const period = band * colors.length;
  const rects = colors.map((c, i) => `<rect x="${i * band}" y="0" width="${band}" height="${period}" fill="${c}"/>`).join('');
  return svg(
    size,
    size,
    `<defs><pattern id="p" width="${period}" height="${period}" patternUnits="userSpaceOnUse" patternTransform="rotate(${angle})">${rects}</pattern></defs>` +
      `<rect width="${size}" height="${size}" fill="url(#p)"/>`,
  );
}

export function dots(size: number, bg: string, fg: string, step: number, radius: number) {
  let body = `<rect width="${size}" height="${size}" fill="${bg}"/>`;
  for (let row = 0, y = step / 2; y < size + step; row += 1, y += step * 0.866) {
    for (let x = row % 2 ? step : step / 2; x < size + step; x += step)
      body += `<circle cx="${n(x)}" cy="${n(y)}" r="${radius}" fill="${fg}"/>`;
  }
  return svg(size, size, body);
}

export function checker(size: number, a: string, b: string, cells: number) {
  const c = size / cells;
  let body = `<rect width="${size}" height="${size}" fill="${a}"/>`;
  for (let y = 0; y < cells; y += 1)
    for (let x = (y % 2) as number; x < cells; x += 2)
      body += `<rect x="${n(x * c)}" y="${n(y * c)}" width="${n(c)}" height="${n(c)}" fill="${b}"/>`;
  return svg(size, size, body);
}

export function triangles(size: number, colors: readonly string[], cells: number, r: Rng) {
  const c = size / cells;
  let body = '';
  for (let y = 0; y < cells; y += 1)
    for (let x = 0; x < cells; x += 1) {
      const [x0, y0, x1, y1] = [x * c, y * c, (x + 1) * c, (y + 1) * c];
      const flip = r.next() < 0.5;
      body += polygon(
        flip
          ? [
              [x0, y0],
              [x1, y0],
              [x0, y1],
            ]
          : [
              [x0, y0],
              [x1, y0],
              [x1, y1],
            ],
        `fill="${r.pick(colors)}"`,
      );
      body += polygon(
        flip
          ? [
              [x1, y0],
              [x1, y1],
              [x0, y1],
            ]
          : [
              [x0, y0],
              [x1, y1],
              [x0, y1],
            ],
        `fill="${r.pick(colors)}"`,
      );
    }
  return svg(size, size, body);
}

export function waves(size: number, colors: readonly string[], bands: number, amplitude: number) {
  const h = size / bands;
  let body = `<rect width="${size}" height="${size}" fill="${colors[0]}"/>`;
  for (let i = 0; i < bands; i += 1) {
    const y = (i + 1) * h;
    let d = `M0 ${n(y)}`;
    for (let x = 0; x <= size; x += size / 8)
      d += ` Q${n(x + size / 32)} ${n(y - amplitude)} ${n(x + size / 16)} ${n(y)} T${n(x + size / 8)} ${n(y)}`;
    body += `<path d="${d} L${size} ${size} L0 ${size} Z" fill="${colors[(i + 1) % colors.length]}" opacity="0.9"/>`;
  }
  return svg(size, size, body);
}

export function hexagons(size: number, colors: readonly string[], radius: number, r: Rng) {
  const w = Math.sqrt(3) * radius;
  let body = `<rect width="${size}" height="${size}" fill="${colors[0]}"/>`;
  for (let row = 0, y = 0; y < size + radius; row += 1, y += radius * 1.5) {
    for (let x = row % 2 ? w / 2 : 0; x < size + w; x += w) {
      const pts = Array.from({ length: 6 }, (_, k): [number, number] => {
        const a = (Math.PI / 3) * k + Math.PI / 6;
        return [x + (radius - 4) * Math.cos(a), y + (radius - 4) * Math.sin(a)];
      });
      body += polygon(pts, `fill="${r.pick(colors.slice(1))}"`);
    }
  }
  return svg(size, size, body);
}

export function rings(size: number, colors: readonly string[], count: number) {
  let body = '';
  for (let i = count; i > 0; i -= 1)
    body += `<circle cx="${size / 2}" cy="${size / 2}" r="${n((size * 0.72 * i) / count)}" fill="${colors[i % colors.length]}"/>`;
  return svg(size, size, `<rect width="${size}" height="${size}" fill="${colors[0]}"/>${body}`);
}

function flower(cx: number, cy: number, radius: number, petals: number, petal: string, heart: string, turn: number) {
  let out = '';
  for (let k = 0; k < petals; k += 1) {
    const a = turn + (360 / petals) * k;
    out += `<ellipse cx="${n(cx)}" cy="${n(cy - radius * 0.55)}" rx="${n(radius * 0.28)}" ry="${n(radius * 0.55)}" fill="${petal}" transform="rotate(${n(a)} ${n(cx)} ${n(cy)})"/>`;
  }
  return out + `<circle cx="${n(cx)}" cy="${n(cy)}" r="${n(radius * 0.22)}" fill="${heart}"/>`;
}

/** Flowers scattered over a background, or on transparency when `bg` is undefined. */
export function florals(size: number, colors: readonly string[], bg: string | undefined, count: number, r: Rng) {
  let body = bg ? `<rect width="${size}" height="${size}" fill="${bg}"/>` : '';
  for (let i = 0; i < count; i += 1) {
    body += flower(
      r.range(0, size),
      r.range(0, size),
      r.range(size * 0.06, size * 0.14),
      Math.round(r.range(5, 9)),
      r.pick(colors),
      r.pick(colors),
      r.range(0, 90),
    );
  }
  return svg(size, size, body);
}

function star(cx: number, cy: number, outer: number, inner: number, points: number): [number, number][] {
  return Array.from({ length: points * 2 }, (_, k): [number, number] => {
    const a = (Math.PI / points) * k - Math.PI / 2;
    const rad = k % 2 ? inner : outer;
    return [cx + rad * Math.cos(a), cy + rad * Math.sin(a)];
  });
}

/** A round badge with a star and a ribbon, on transparency. */
export function starBadge(size: number, [ring, face, accent]: readonly string[], points: number) {
  const c = size / 2;
  let dotsRing = '';
  for (let k = 0; k < 36; k += 1) {
    const a = (Math.PI * 2 * k) / 36;
    dotsRing += `<circle cx="${n(c + size * 0.36 * Math.cos(a))}" cy="${n(c + size * 0.36 * Math.sin(a))}" r="${n(size * 0.008)}" fill="${accent}"/>`;
  }
  const s = size;
  return svg(
    s,
    s,
    `<circle cx="${c}" cy="${c}" r="${n(s * 0.43)}" fill="${ring}"/>` +
      `<circle cx="${c}" cy="${c}" r="${n(s * 0.39)}" fill="${face}"/>${dotsRing}` +
      polygon(star(c, c * 0.96, s * 0.24, s * 0.1, points), `fill="${accent}" stroke="${ring}" stroke-width="${n(s * 0.01)}"`) +
      `<path d="M${n(s * 0.16)} ${n(s * 0.68)} L${n(s * 0.84)} ${n(s * 0.68)} L${n(s * 0.78)} ${n(s * 0.76)} L${n(s * 0.84)} ${n(s * 0.84)} ` +
      `L${n(s * 0.16)} ${n(s * 0.84)} L${n(s * 0.22)} ${n(s * 0.76)} Z" fill="${ring}"/>`,
  );
}

/** A shield with chevrons, on transparency. */
export function shieldBadge(size: number, [edge, face, stripe]: readonly string[], chevrons: number) {
  const s = size / 1024;
  const shield = (k: number) =>
    `M512 ${80 + k} L${860 - k} ${200 + k} L${860 - k} 520 Q${860 - k} ${820 - k} 512 ${960 - k} Q${164 + k} ${820 - k} ${164 + k} 520 L${164 + k} ${200 + k} Z`;
  let body = `<path d="${shield(0)}" fill="${edge}"/><path d="${shield(36)}" fill="${face}"/>`;
  for (let i = 0; i < chevrons; i += 1) {
    const y = 420 + i * 110;
    body += `<path d="M230 ${y} L512 ${y - 130} L794 ${y} L794 ${y + 60} L512 ${y - 70} L230 ${y + 60} Z" fill="${stripe}"/>`;
  }
  return svg(size, size, `<g transform="scale(${s})">${body}</g>`);
}

// Seven-segment digits: a b c d e f g segments in a 100 × 180 cell.
const SEGMENTS: Record<string, string> = {
  '0': 'abcdef',
  '1': 'bc',
  '2': 'abdeg',
  '3': 'abcdg',
  '4': 'bcfg',
  '5': 'acdfg',
  '6': 'acdefg',
  '7': 'abc',
  '8': 'abcdefg',
  '9': 'abcdfg',
};
function digitPolygons(digit: string, ox: number, oy: number, attrs: string) {
  const [w, h, t, gap] = [100, 180, 20, 3];
  const hseg = (y: number): [number, number][] => [
    [t / 2 + gap, y + t / 2],
    [t + gap, y],
    [w - t - gap, y],
    [w - t / 2 - gap, y + t / 2],
    [w - t - gap, y + t],
    [t + gap, y + t],
  ];
  const vseg = (x: number, y0: number, y1: number): [number, number][] => [
    [x + t / 2, y0 + gap],
    [x + t, y0 + t / 2 + gap],
    [x + t, y1 - t / 2 - gap],
    [x + t / 2, y1 - gap],
    [x, y1 - t / 2 - gap],
    [x, y0 + t / 2 + gap],
  ];
  const shapes: Record<string, [number, number][]> = {
    a: hseg(0),
    g: hseg(h / 2 - t / 2),
    d: hseg(h - t),
    f: vseg(0, t / 2, h / 2),
    b: vseg(w - t, t / 2, h / 2),
    e: vseg(0, h / 2, h - t / 2),
    c: vseg(w - t, h / 2, h - t / 2),
  };
  // A 1 is its right-hand segments only: centre them in the cell.
  const dx = digit === '1' ? -(w - t) / 2 : 0;
  return [...(SEGMENTS[digit] ?? '')]
    .map((s) =>
      polygon(
        shapes[s]!.map(([x, y]) => [ox + dx + x, oy + y]),
        attrs,
      ),
    )
    .join('');
}

/** A jersey number: outlined segment digits on transparency. */
export function jerseyNumber(size: number, digits: string, fill: string, outline: string) {
  const cellW = 120;
  const width = digits.length * cellW;
  const scale = Math.min((size * 0.8) / width, (size * 0.8) / 180);
  const ox = (size - width * scale) / 2 / scale;
  const oy = (size - 180 * scale) / 2 / scale;
  const draw = (attrs: string) => [...digits].map((d, i) => digitPolygons(d, ox + i * cellW + 10, oy, attrs)).join('');
  return svg(
    size,
    size,
    `<g transform="scale(${n(scale * 1000) / 1000})">` +
      draw(`fill="${outline}" stroke="${outline}" stroke-width="16" stroke-linejoin="round"`) +
      draw(`fill="${fill}"`) +
      `</g>`,
  );
}

/** A ridge line from left to right, as a random walk. */
function ridge(width: number, base: number, rough: number, r: Rng) {
  let d = `M0 ${base}`;
  let y = base;
  for (let x = 0; x <= width; x += width / 24) {
    y = Math.max(base - rough * 2, Math.min(base + rough, y + r.range(-rough, rough)));
    d += ` L${n(x)} ${n(y)}`;
  }
  return d;
}

/** A photo-like landscape: graded sky, a glowing sun, layered mountains, water with glints. */
export function landscape(w: number, h: number, sky: readonly [string, string, string], hills: readonly string[], r: Rng) {
  const horizon = h * 0.62;
  let body =
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[0]}"/>` +
    `<stop offset="0.6" stop-color="${sky[1]}"/><stop offset="1" stop-color="${sky[2]}"/></linearGradient>` +
    `<radialGradient id="sun"><stop offset="0" stop-color="#fffbe6"/><stop offset="0.35" stop-color="#ffe08a" stop-opacity="0.9"/>` +
    `<stop offset="1" stop-color="#ffe08a" stop-opacity="0"/></radialGradient>` +
    `<linearGradient id="water" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${sky[2]}" stop-opacity="0.85"/>` +
    `<stop offset="1" stop-color="${hills[hills.length - 1]}"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#sky)"/>` +
    `<circle cx="${n(r.range(w * 0.25, w * 0.75))}" cy="${n(horizon - h * r.range(0.08, 0.25))}" r="${n(h * 0.3)}" fill="url(#sun)"/>`;
  hills.forEach((c, i) => {
    const base = horizon - h * 0.22 + i * h * 0.09;
    body += `<path d="${ridge(w, base, h * 0.04, r)} L${w} ${horizon} L0 ${horizon} Z" fill="${c}"/>`;
  });
  body += `<rect y="${n(horizon)}" width="${w}" height="${n(h - horizon)}" fill="url(#water)"/>`;
  for (let i = 0; i < 14; i += 1) {
    const y = horizon + r.range(6, h - horizon - 6);
    body += `<rect x="${n(r.range(0, w * 0.8))}" y="${n(y)}" width="${n(r.range(w * 0.05, w * 0.25))}" height="2" fill="#ffffff" opacity="${n(r.range(0.15, 0.4))}"/>`;
  }
  return svg(w, h, body);
}

/** Out-of-focus lights over a dark gradient (photo-like). */
export function bokeh(w: number, h: number, colors: readonly string[], count: number, r: Rng) {
  let body =
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#0d1b2a"/><stop offset="1" stop-color="#3a0ca3"/></linearGradient>` +
    colors
      .map(
        (c, i) =>
          `<radialGradient id="b${i}"><stop offset="0" stop-color="${c}" stop-opacity="0.85"/><stop offset="0.7" stop-color="${c}" stop-opacity="0.45"/><stop offset="1" stop-color="${c}" stop-opacity="0"/></radialGradient>`,
      )
      .join('') +
    `</defs><rect width="${w}" height="${h}" fill="url(#bg)"/>`;
  for (let i = 0; i < count; i += 1) {
    body += `<circle cx="${n(r.range(0, w))}" cy="${n(r.range(0, h))}" r="${n(r.range(h * 0.03, h * 0.14))}" fill="url(#b${Math.floor(r.next() * colors.length)})"/>`;
  }
  return svg(w, h, body);
}

/** Aurora ribbons over a night sky with stars (photo-like). */
export function aurora(w: number, h: number, r: Rng) {
  let body =
    `<defs><linearGradient id="night" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#020812"/><stop offset="1" stop-color="#0b2a3a"/></linearGradient>` +
    `<linearGradient id="ribbon" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7cffcb" stop-opacity="0"/>` +
    `<stop offset="0.5" stop-color="#38f5a0" stop-opacity="0.55"/><stop offset="1" stop-color="#0fb4c8" stop-opacity="0"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#night)"/>`;
  for (let i = 0; i < 120; i += 1)
    body += `<circle cx="${n(r.range(0, w))}" cy="${n(r.range(0, h * 0.7))}" r="${n(r.range(0.6, 2.2))}" fill="#ffffff" opacity="${n(r.range(0.3, 1))}"/>`;
  for (let k = 0; k < 3; k += 1) {
    const y = h * (0.25 + k * 0.1);
    body += `<path d="M0 ${n(y)} C${n(w * 0.3)} ${n(y - h * r.range(0.1, 0.3))} ${n(w * 0.6)} ${n(y + h * r.range(0.05, 0.25))} ${w} ${n(y - h * 0.05)} L${w} ${n(y + h * 0.25)} C${n(w * 0.6)} ${n(y + h * 0.35)} ${n(w * 0.3)} ${n(y + h * 0.1)} 0 ${n(y + h * 0.3)} Z" fill="url(#ribbon)"/>`;
  }
  body += `<path d="${ridge(w, h * 0.86, h * 0.03, r)} L${w} ${h} L0 ${h} Z" fill="#01040a"/>`;
  return svg(w, h, body);
}
