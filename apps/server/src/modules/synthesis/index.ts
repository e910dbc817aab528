/** Synthesis: designs into finished products through the job queue. */
export { createSynthesisService, SYNTHESIS_JOB, type SynthesisService } from './service.js';
export { synthesisRoutes } from './routes.js';
