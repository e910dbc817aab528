import type { ColorFamily } from '@app/contract';
import { svgPathBbox } from 'svg-path-bbox';
import type { ViewArt } from './render.js';
import { ART, Soft, transformPath, type Blur } from './svg.js';

/** A demo blank before rendering: what becomes products/<code>/product.json and its files. */
export interface DemoBlank {
  code: string;
  name: string;
  /** The English name: the default listing title (docs/catalogue-format.md#colours-and-sizes-in-english). */
  nameEn: string;
  category: string;
  tag: 0 | 1 | 2 | 3 | null;
  level: 0 | 1 | 2 | 3;
  colors: DemoColor[];
  sizes: string[];
  price: number;
  /** Grams of one unit, packed. */
  weight: number;
  sizePrices?: Record<string, number>;
  areas: DemoArea[];
  views: ViewArt[];
}

export interface DemoColor {
  name: string;
  /** The English name and colour family listings use. */
  en: string;
  family: ColorFamily;
  code: string;
  /** File-name part of the colour's base image. */
  slug: string;
}

export interface DemoArea {
  id: string;
  name: string;
  showName: boolean;
  /** The printable outline in the 600×600 editor space. */
  path: string;
  print: { width: number; height: number };
  /** The cutpiece SVG text, with the {{design}} placeholder. */
  cutpiece: string;
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export function bboxOf(d: string): Box {
  const [x0, y0, x1, y1] = svgPathBbox(d);
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 };
}

const round2 = (n: number) => Math.round(n * 100) / 100;

/**
 * A design area whose printable outline is a shape drawn on a view: the outline scaled into the 600×600
 * editor space (centred, `margin` free around it), and the placement on that view (its bbox), so the
 * print lands exactly on the shape. Print pixels keep the bbox's aspect ratio.
 */
export function areaOnView(shape: string, printLongSide: number, margin = 24) {
  const box = bboxOf(shape);
  const s = (600 - 2 * margin) / Math.max(box.width, box.height);
  const dx = (600 - box.width * s) / 2 - box.x * s;
  const dy = (600 - box.height * s) / 2 - box.y * s;
  const landscape = box.width >= box.height;
  const print = landscape
    ? { width: printLongSide, height: Math.round((printLongSide * box.height) / box.width) }
    : { width: Math.round((printLongSide * box.width) / box.height), height: printLongSide };
  return {
    path: transformPath(shape, s, dx, dy),
    placement: { x: round2(box.x), y: round2(box.y), width: round2(box.width), height: round2(box.height) },
    print,
  };
}

/** Maps a point of the art space into a print's pixels, given where the print lands on the view. */
export function toPrint(placement: Box, print: { width: number; height: number }) {
  const s = print.width / placement.width;
  return (d: string, margin: number) => transformPath(d, s, margin - placement.x * s, margin - placement.y * s);
}

/** The studio scene most blanks are shot in: a soft grey sweep, and the blank's shadow on it. */
export function studioBackdrop(shadowShape: string, opts: { dx?: number; dy?: number; blur?: Blur; opacity?: number } = {}) {
  const { dx = 14, dy = 30, blur = 40, opacity = 0.22 } = opts;
  const backdrop =
    `<defs><linearGradient id="sweep" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f4f3f0"/>` +
    `<stop offset=".7" stop-color="#ebe9e4"/><stop offset="1" stop-color="#e2e0da"/></linearGradient>` +
    `<radialGradient id="vignette" cx=".5" cy=".45" r=".75"><stop offset=".6" stop-color="#000" stop-opacity="0"/>` +
    `<stop offset="1" stop-color="#000" stop-opacity=".07"/></radialGradient></defs>` +
    `<rect width="${ART}" height="${ART}" fill="url(#sweep)"/><rect width="${ART}" height="${ART}" fill="url(#vignette)"/>`;
  const shadow = new Soft()
    .add(blur, `<path d="${shadowShape}" transform="translate(${dx} ${dy})" fill="#000"/>`, opacity)
    .add(8, `<path d="${shadowShape}" transform="translate(3 6)" fill="#000"/>`, opacity * 0.7);
  return { backdrop, shadow };
}

/**
 * Roundness: the surface turning away at the outline, as a blurred dark stroke along it. What spills
 * outside the outline is cut away by the silhouette's alpha when the view is rendered.
 */
export function edgeShade(layer: Soft, shape: string, width: number, blur: Blur, opacity: number, color = '#000') {
  layer.add(blur, `<path d="${shape}" fill="none" stroke="${color}" stroke-width="${width}"/>`, opacity);
  return layer;
}

/** Everything a cutpiece drawing shows: the cut line, the sewing line and where the design goes. */
export interface CutpieceSpec {
  title: string;
  width: number;
  height: number;
  /** The cut line (in the cutpiece's own units, the print's pixels). */
  cut: string;
  /** The sewing line, dashed, if the piece is sewn. */
  sew?: string;
  /** Where the print (its bbox) sits on the piece. */
  image: Box;
  /** Clip of the print, when the area is not its bbox. */
  clip?: string;
  notes?: string[];
  /** Straight-of-grain arrow for fabric pieces. */
  grain?: boolean;
  /** Markup drawn over the piece: holes, crop marks. */
  marks?: string;
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * The production pattern of a design area: the flat piece with the composed design (its `{{design}}`
 * placeholder replaced by the print image's URL) where it is printed.
 */
export function cutpieceSvg(spec: CutpieceSpec): string {
  const { width: w, height: h, image: im } = spec;
  const unit = Math.max(w, h) / 400;
  const fs = Math.round(unit * 9);
  const lines = [spec.title, ...(spec.notes ?? [])];
  // The labels sit in a band below the piece, clear of the cut line and the print.
  const footer = Math.round(unit * 6 + lines.length * fs * 1.4);
  const clipAttr = spec.clip ? ' clip-path="url(#printClip)"' : '';
  const grain = spec.grain
    ? `<g stroke="#5a6270" stroke-width="${unit * 0.8}" fill="#5a6270" opacity=".8">` +
      `<line x1="${w / 2}" y1="${h * 0.14}" x2="${w / 2}" y2="${h * 0.86}"/>` +
      `<path d="M${w / 2} ${h * 0.12}l${-unit * 4} ${unit * 9}h${unit * 8}Z"/><path d="M${w / 2} ${h * 0.88}l${-unit * 4} ${-unit * 9}h${unit * 8}Z"/></g>`
    : '';
  const labels = lines
    .map((t, i) => `<text x="${unit * 6}" y="${Math.round(h + unit * 2 + (i + 1) * fs * 1.3)}">${esc(t)}</text>`)
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${w}" height="${h + footer}" viewBox="0 0 ${w} ${h + footer}">` +
    (spec.clip ? `<defs><clipPath id="printClip"><path d="${spec.clip}"/></clipPath></defs>` : '') +
    `<rect width="${w}" height="${h + footer}" fill="#ffffff"/>` +
    `<path d="${spec.cut}" fill="#f3f4f6"/>` +
    // The straight-of-grain arrow is drawn on the fabric, under the print.
    grain +
    `<image href="{{design}}" x="${im.x}" y="${im.y}" width="${im.width}" height="${im.height}" preserveAspectRatio="none"${clipAttr}/>` +
    `<rect x="${im.x}" y="${im.y}" width="${im.width}" height="${im.height}" fill="none" stroke="#16a34a" stroke-width="${unit * 0.8}" stroke-dasharray="${unit * 4} ${unit * 3}"/>` +
    (spec.sew
      ? `<path d="${spec.sew}" fill="none" stroke="#6b7280" stroke-width="${unit * 0.8}" stroke-dasharray="${unit * 3} ${unit * 2}"/>`
      : '') +
    `<path d="${spec.cut}" fill="none" stroke="#111827" stroke-width="${unit * 1.2}"/>` +
    (spec.marks ?? '') +
    `<g font-family="sans-serif" font-size="${fs}" fill="#374151">${labels}</g></svg>`
  );
}

/**
 * A garment piece's cutpiece: the piece's outline cut from the fabric, with the print placed where the
 * view's placement puts it. `box` is the piece's box in the view's art space; the drawing is in print
 * pixels with the box's corner at the origin.
 */
export function garmentCutpiece(
  box: Box,
  title: string,
  piece: string,
  placement: Box,
  print: { width: number; height: number },
  note: string,
): string {
  const s = print.width / placement.width;
  const tx = toPrint({ x: box.x, y: box.y, width: placement.width, height: placement.height }, print);
  return cutpieceSvg({
    title,
    width: Math.round(box.width * s),
    height: Math.round(box.height * s),
    cut: tx(piece, 0),
    image: { x: Math.round((placement.x - box.x) * s), y: Math.round((placement.y - box.y) * s), width: print.width, height: print.height },
    notes: [note],
    grain: true,
  });
}
