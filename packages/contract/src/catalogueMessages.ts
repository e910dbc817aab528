/** Server messages of the catalogue feature (zh as the product speaks, en beside it); merged into MESSAGES. */
export const catalogueMessages = {} as const satisfies Record<string, { zh: string; en: string }>;
