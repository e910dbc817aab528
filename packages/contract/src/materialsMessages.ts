/** Server messages of the materials feature (zh as the product speaks, en beside it); merged into MESSAGES. */
export const materialsMessages = {} as const satisfies Record<string, { zh: string; en: string }>;
