/** Composition and synthesis calls (issue 3, SPEC §7.1, §7.7). */
export const synthesisRoutes = {} as const;
