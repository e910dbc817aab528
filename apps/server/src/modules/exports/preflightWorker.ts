import { yieldToTheApi } from '../../parsing/pool.js';
import { preflightPage, type PreflightPageTask } from './preflight.js';

/** The export pre-flight's pages, built on the parsing pool's thread (preflight.ts). */
yieldToTheApi();

export const checkPage = (task: PreflightPageTask) => preflightPage(task);
