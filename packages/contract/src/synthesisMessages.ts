/** Server messages of the synthesis feature (zh as the product speaks, en beside it); merged into MESSAGES. */
export const synthesisMessages = {} as const satisfies Record<string, { zh: string; en: string }>;
