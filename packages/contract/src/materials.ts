/** Material library calls (issue 3, SPEC §7.7): filled in by the materials module. */
export const materialRoutes = {} as const;
