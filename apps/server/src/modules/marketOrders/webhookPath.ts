/** Where TikTok Shop posts a shop's order notifications, with our shop's id as `?shop=` (docs/market-orders.md#webhooks). */
export const TIKTOK_WEBHOOK_PATH = '/api/marketplace/tiktok/webhook';
