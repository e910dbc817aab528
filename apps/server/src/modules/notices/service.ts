import { NOTICE_CONTENT_MAX, NOTICE_TITLE_MAX, type NoticeDetail, type NoticeListItem } from '@app/contract';
import { AppError } from '../../http/errors.js';
import type { NoticeRepo } from './repo.js';

/** A summary's length in characters (user-perceived ones: an emoji or an accented letter is one). */
export const NOTICE_SUMMARY_LENGTH = 80;
/**
 * How much of a text a list page reads to make its summary: enough for the summary however much whitespace
 * collapses ahead of it, short of reading whole texts (up to NOTICE_CONTENT_MAX each).
 */
const SUMMARY_SOURCE = 1000;

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * The first NOTICE_SUMMARY_LENGTH characters of a text with its whitespace (line breaks too) collapsed to single
 * spaces, cut between characters, never inside one, with "…" when something was cut. `more`: the text goes on
 * past `text` (only its head was read).
 */
export function noticeSummary(text: string, more = false): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  let end = 0;
  let count = 0;
  for (const { segment } of graphemes.segment(flat)) {
    if (count === NOTICE_SUMMARY_LENGTH) return `${flat.slice(0, end).trimEnd()}…`;
    end += segment.length;
    count++;
  }
  return more ? `${flat}…` : flat;
}

/** Characters as the other limits count them (code points). */
const length = (s: string) => [...s].length;

export interface NoticeRecord {
  id: number;
  title: string;
  content: string;
  /** Unix seconds. */
  created_at: number;
  /** Unix seconds; null while in force. */
  retired_at: number | null;
}

export interface NoticeService {
  /** The notices in force, newest first, paged, each with its summary (docs/mobile.md#notices). */
  list(q: { page: number; limit: number }): Promise<{ list: NoticeListItem[]; total: number }>;
  /** A notice in force; a retired or unknown one is a 404 (noticeNotFound). */
  detail(id: number): Promise<NoticeDetail>;
  /** Adds a notice, in force from now; a title or text out of bounds is a 400. */
  add(input: { title: string; content: string }): Promise<NoticeRecord>;
  /**
   * Retires a notice (it stays in the table, out of the list); an unknown id is a 404, a retired one is left as
   * it is (`changed` false).
   */
  retire(id: number): Promise<{ notice: NoticeRecord; changed: boolean }>;
  /** Every notice, retired ones too, newest first: the operator's list (`npm run notice -- list`). */
  all(): Promise<NoticeRecord[]>;
  /** Whether any notice was ever added (the demo adds its own only to an empty table). */
  any(): Promise<boolean>;
}

/** Notices (公告): the operator's announcements to every seller, readable logged out (docs/mobile.md#notices). */
export function createNoticeService(deps: { repo: NoticeRepo; now: () => number }): NoticeService {
  const { repo } = deps;
  const seconds = () => Math.floor(deps.now() / 1000);
  const record = (r: NoticeRecord): NoticeRecord => ({
    id: r.id,
    title: r.title,
    content: r.content,
    created_at: r.created_at,
    retired_at: r.retired_at,
  });

  return {
    async list({ page, limit }) {
      const { rows, total } = await repo.page(limit, (page - 1) * limit, SUMMARY_SOURCE + 1);
      return {
        list: rows.map((r) => {
          // One character more than the summary's source was read: when it came back, the text goes on.
          const head = [...r.head];
          const summary = noticeSummary(head.slice(0, SUMMARY_SOURCE).join(''), head.length > SUMMARY_SOURCE);
          return { id: r.id, title: r.title, summary, created_at: r.created_at };
        }),
        total,
      };
    },

    async detail(id) {
      const row = await repo.inForce(id);
      if (!row) throw new AppError(404, 'noticeNotFound');
      return { id: row.id, title: row.title, content: row.content, created_at: row.created_at };
    },

    async add(input) {
      const title = input.title.trim();
      // Line breaks are paragraphs: one kind of them, and none at either end.
      const content = input.content.replace(/\r\n?/g, '\n').trim();
      if (title === '' || length(title) > NOTICE_TITLE_MAX) throw new AppError(400, 'noticeTitleInvalid', { max: NOTICE_TITLE_MAX });
      if (content === '' || length(content) > NOTICE_CONTENT_MAX)
        throw new AppError(400, 'noticeContentInvalid', { max: NOTICE_CONTENT_MAX });
      const row = { title, content, created_at: seconds(), retired_at: null };
      return { id: await repo.insert(row), ...row };
    },

    async retire(id) {
      const found = await repo.find(id);
      if (!found) throw new AppError(404, 'noticeNotFound');
      if (found.retired_at !== null) return { notice: record(found), changed: false };
      const at = seconds();
      // Retired by another hand in between: what it holds now.
      if (!(await repo.retire(id, at))) return { notice: record((await repo.find(id))!), changed: false };
      return { notice: record({ ...found, retired_at: at }), changed: true };
    },

    async all() {
      return (await repo.all()).map(record);
    },

    any: () => repo.any(),
  };
}
