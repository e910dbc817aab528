import type { inquiryMessages } from './inquiryMessages.js';

/**
 * What the phone shell's public pages need of the inquiry form and the live figures (docs/mobile.md#inquiries,
 * docs/mobile.md#site-figures), free of zod so a page that shows them loads no schema (docs/web.md#where-the-bytes-go).
 * The schemas in inquiry.ts and siteFigures.ts check with these.
 */

/** Longest texts of an inquiry, in characters, after trimming. */
export const INQUIRY_NAME_MAX = 50;
export const INQUIRY_COMPANY_MAX = 100;
export const INQUIRY_CONTACT_MAX = 100;
export const INQUIRY_MESSAGE_MAX = 2000;

/** How many products or orders a month the asker handles: 1 under 1,000, 2 from 1,000 to 10,000, 3 over 10,000. */
export const INQUIRY_SCALES = [1, 2, 3] as const;
export type InquiryScale = (typeof INQUIRY_SCALES)[number];
/** Each scale's label: a key of `inquiryMessages` (register that group to show them). */
export const INQUIRY_SCALE_LABELS = {
  1: 'inquiryScaleSmall',
  2: 'inquiryScaleMedium',
  3: 'inquiryScaleLarge',
} as const satisfies Record<InquiryScale, keyof typeof inquiryMessages>;

/** A mainland China mobile number: 11 digits, 1 then 3–9. */
export const MAINLAND_MOBILE = /^1[3-9]\d{9}$/;
/** Any other phone number: an optional + then digits, spaces and dashes, 7 to 20 digits in all. */
const PHONE_CHARS = /^\+?[\d -]+$/;
const PHONE_DIGITS_MIN = 7;
const PHONE_DIGITS_MAX = 20;
/** An email address as a form checks one: something, @, a domain with a dot; no spaces. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;

export type InquiryContactKind = 'mobile' | 'phone' | 'email';

/**
 * What a contact (already trimmed) is: a mainland mobile number, another phone number, an email address, or
 * undefined when it is none of them (the form and the server refuse it).
 */
export function inquiryContactKind(contact: string): InquiryContactKind | undefined {
  if (contact.includes('@')) return EMAIL.test(contact) ? 'email' : undefined;
  if (MAINLAND_MOBILE.test(contact)) return 'mobile';
  if (!PHONE_CHARS.test(contact)) return undefined;
  const digits = contact.replace(/\D/g, '').length;
  return digits >= PHONE_DIGITS_MIN && digits <= PHONE_DIGITS_MAX ? 'phone' : undefined;
}

/**
 * A contact as it is stored and compared (a duplicate is the same contact): a phone number's digits, with its +
 * when it had one, and an email address in lower case. Undefined when it is not a contact.
 */
export function normalInquiryContact(contact: string): string | undefined {
  const kind = inquiryContactKind(contact);
  if (kind === undefined) return undefined;
  if (kind === 'email') return contact.toLowerCase();
  return (contact.startsWith('+') ? '+' : '') + contact.replace(/\D/g, '');
}

/** The live figures are read at most once a minute by each server process (docs/mobile.md#site-figures). */
export const SITE_FIGURES_CACHE_SECONDS = 60;
/** The median composition time is taken over this many of the latest finished compositions. */
export const SITE_FIGURES_COMPOSE_SAMPLE = 1000;
