// A piscina worker for compose/spread.ts's test: answers which thread ran the task.
import { threadId } from 'node:worker_threads';

export default () => threadId;
