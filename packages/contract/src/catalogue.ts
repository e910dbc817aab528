/** Catalogue calls (issue 3, SPEC §7.7): filled in by the catalogue module. */
export const catalogueRoutes = {} as const;
