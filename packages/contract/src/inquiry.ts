import { z } from 'zod';
import type { inquiryMessages } from './inquiryMessages.js';
import { num, oneOfNumbers } from './numbers.js';
import { defineRoute } from './route.js';
import { plainName, plainText } from './sellerText.js';
import {
  INQUIRY_COMPANY_MAX,
  INQUIRY_CONTACT_MAX,
  INQUIRY_MESSAGE_MAX,
  INQUIRY_NAME_MAX,
  INQUIRY_SCALES,
  inquiryContactKind,
} from './sitePages.js';

/**
 * The inquiry form of the independent-deployment page (docs/mobile.md#inquiries): anyone may send one, logged in or
 * not; operators read them with `npm run inquiry -- list`. The limits and the scale's labels are in sitePages.ts.
 */

type InquiryMessageKey = keyof typeof inquiryMessages;
const EMPTY: InquiryMessageKey = 'inquiryFieldEmpty';
const CONTACT: InquiryMessageKey = 'inquiryContactInvalid';

/** Required text: trimmed, refused when nothing is left (and not checked further then), at most `max` characters. */
const required = (max: number) => z.string().trim().min(1, { error: EMPTY, abort: true }).max(max);

export const inquiryAddBody = z.strictObject({
  name: plainName(required(INQUIRY_NAME_MAX)),
  /** Optional: left out, or empty once trimmed, is no company. */
  company: plainName(z.string().trim().max(INQUIRY_COMPANY_MAX)).optional(),
  /** A mainland mobile number, another phone number (7–20 digits, + spaces and dashes allowed) or an email address. */
  contact: required(INQUIRY_CONTACT_MAX).refine((s) => inquiryContactKind(s) !== undefined, CONTACT),
  /** How many products or orders a month (INQUIRY_SCALES); optional. */
  scale: num(oneOfNumbers(INQUIRY_SCALES)).optional(),
  /** Several lines allowed. */
  message: plainText(required(INQUIRY_MESSAGE_MAX)),
});
/** The form's fields as the web client sends them. */
export type InquiryAddBody = z.input<typeof inquiryAddBody>;

export const inquiryAdded = z.object({
  /** The inquiry's id; a duplicate (the same contact and message within the hour) answers the first one's. */
  id: z.number().int(),
});
export type InquiryAdded = z.infer<typeof inquiryAdded>;

export const inquiryRoutes = {
  inquiryAdd: defineRoute({
    method: 'POST',
    path: '/api/inquiry/add',
    summary: 'Sends an inquiry, logged in or not (a session, when there is one, names the account); limited per address',
    tag: 'site',
    auth: false,
    optionalAuth: true,
    body: inquiryAddBody,
    data: inquiryAdded,
  }),
} as const;
