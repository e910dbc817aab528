import type { PublishPlatform } from '@app/contract';

/** The marketplace's publish page: the marketplace's own name followed by "-publish". */
export const publishPagePath = (platform: PublishPlatform) => (platform === 2 ? '/aliexpress-publish' : '/tiktok-publish');
/** The marketplace's product templates page. */
export const templatesPagePath = (platform: PublishPlatform) => (platform === 2 ? '/aliexpress-templates' : '/tiktok-templates');
