import { z } from 'zod';
import { num } from './numbers.js';
import { defineRoute } from './route.js';

/**
 * Notices (公告): what the operator tells every seller, newest first on the phone's home page and readable
 * logged out (docs/mobile.md#notices). Operators add and retire them with `npm run notice`.
 */

export const NOTICE_TITLE_MAX = 120;
export const NOTICE_CONTENT_MAX = 20_000;
export const NOTICE_PAGE_MAX = 50;

export const noticeListItem = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The first words of the text, for the list. */
  summary: z.string(),
  /** Unix seconds. */
  created_at: z.number().int(),
});
export type NoticeListItem = z.infer<typeof noticeListItem>;

export const noticeDetail = z.object({
  id: z.number().int(),
  title: z.string(),
  /** Plain text; line breaks are paragraphs. */
  content: z.string(),
  created_at: z.number().int(),
});
export type NoticeDetail = z.infer<typeof noticeDetail>;

const id = num(z.number().int().positive());

export const noticeRoutes = {
  noticeList: defineRoute({
    method: 'GET',
    path: '/api/notice/getlist',
    summary: 'The notices in force, newest first, paged (readable logged out)',
    tag: 'notices',
    auth: false,
    query: z.object({
      page: num(z.number().int().min(1)).default(1),
      limit: num(z.number().int().min(1).max(NOTICE_PAGE_MAX)).default(10),
    }),
    data: z.object({ list: z.array(noticeListItem), total: z.number().int() }),
  }),
  noticeDetail: defineRoute({
    method: 'GET',
    path: '/api/notice/getDetail',
    summary: 'One notice in force (readable logged out); a retired or unknown one is not found',
    tag: 'notices',
    auth: false,
    query: z.object({ id }),
    data: noticeDetail,
  }),
} as const;
