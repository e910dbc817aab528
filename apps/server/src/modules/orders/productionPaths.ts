/** Where the factory posts its signed webhooks (docs/orders.md#production). */
export const FACTORY_WEBHOOK_PATH = '/api/factory/webhook';
