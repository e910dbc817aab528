import type { Watermark, WatermarkFields, WatermarkType } from '@app/contract';

/** What the form holds: scale and opacity as percents (30 means 0.3). */
export interface FormValues {
  name: string;
  type: WatermarkType;
  text: string;
  font_family: string;
  color: string;
  font_size: number | null;
  position: number;
  margin: number | null;
  scale: number | null;
  opacity: number | null;
  rotation: number | null;
  /** The upload's token, or the stored image's address (unchanged). */
  image_url: string;
}

export const NEW_WATERMARK: FormValues = {
  name: '',
  type: 'text',
  text: '',
  font_family: 'Noto Sans SC',
  color: '#FFFFFF',
  font_size: 48,
  position: 9,
  margin: 20,
  scale: 30,
  opacity: 60,
  rotation: 0,
  image_url: '',
};

/** A stored watermark as the form holds it. */
export const formOf = (w: Watermark): FormValues => ({
  name: w.name,
  type: w.type,
  text: w.text,
  font_family: w.font_family || NEW_WATERMARK.font_family,
  color: w.color,
  font_size: w.font_size,
  position: w.position,
  margin: w.margin,
  scale: Math.round(w.scale * 100),
  opacity: Math.round(w.opacity * 100),
  rotation: w.rotation,
  image_url: w.image_url,
});

/** An empty number box is no number (NaN), which the shared rules refuse with the field's message. */
const n = (v: number | null | undefined) => (typeof v === 'number' ? v : NaN);
const fraction = (v: number | null | undefined) => (typeof v === 'number' ? Math.round(v * 100) / 10_000 : NaN);

/** What the form holds as the fields the contract checks and the server stores. */
export const fieldsOf = (v: FormValues): WatermarkFields => ({
  name: v.name,
  type: v.type,
  text: v.text,
  image_url: v.image_url,
  font_family: v.font_family,
  color: v.color,
  font_size: n(v.font_size),
  position: v.position,
  margin: n(v.margin),
  scale: fraction(v.scale),
  opacity: fraction(v.opacity),
  rotation: n(v.rotation),
});
