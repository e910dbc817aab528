/** Notices (公告) to every seller, added and retired with `npm run notice` (docs/mobile.md#notices). */
export { createNoticeService, noticeSummary, NOTICE_SUMMARY_LENGTH, type NoticeRecord, type NoticeService } from './service.js';
export { createNoticeRepo, type NoticeRepo } from './repo.js';
export { noticeRoutes } from './routes.js';
