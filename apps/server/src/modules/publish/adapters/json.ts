/**
 * Readers for the marketplaces' JSON answers: each field is read defensively, because an answer's shape is the
 * marketplace's to change and a missing field must read as empty rather than throw mid-import.
 */

export type Json = Record<string, unknown>;

export const isObj = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A field as text; '' when absent. */
export const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
/** A field as an object; {} when it is not one. */
export const obj = (v: unknown): Json => (isObj(v) ? v : {});
/** A field as a list of objects; [] when it is not a list. */
export const list = (v: unknown): Json[] => (Array.isArray(v) ? v.map(obj) : []);
