/** Inquiries from the independent-deployment page, read with `npm run inquiry` (docs/mobile.md#inquiries). */
export { createInquiryService, INQUIRY_DUPLICATE_SECONDS, type InquiryRecord, type InquiryService } from './service.js';
export { createInquiryRepo, type InquiryRepo } from './repo.js';
export { inquiryRoutes } from './routes.js';
