import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` where it may, and probes for it when a schema is
 * built; the web app runs under a CSP without 'unsafe-eval' (docs/security.md#headers), where the probe
 * is a reported violation. The browser calls this before any schema is built (apps/web/src/app/noEval.ts,
 * its first import); the server keeps the faster compiled parsers.
 */
export const validateWithoutEval = () => {
  z.config({ jitless: true });
};
