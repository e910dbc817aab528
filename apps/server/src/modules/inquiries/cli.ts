import { INQUIRY_SCALE_LABELS, message } from '@app/contract';
import { loadConfig } from '../../config.js';
import { openServices } from '../../services.js';
import type { InquiryRecord } from './service.js';

/**
 * `npm run inquiry -- list [--limit N]`: the newest inquiries first (20 unless told, at most 1,000), each with who
 * sent it and its text, in the database the server uses (DATA_DIR, DATABASE_URL). docs/mobile.md#inquiries.
 */
const USAGE = 'usage: npm run inquiry -- list [--limit N]   (N from 1 to 1000; 20 unless given)';
const DEFAULT_LIMIT = 20;
const MAX_LIMIT = 1000;

class UsageError extends Error {}

function parse(argv: string[]): { limit: number } {
  const [verb, ...rest] = argv;
  if (verb !== 'list') throw new UsageError(verb === undefined ? 'no command' : `unknown command: ${JSON.stringify(verb)}`);
  if (rest.length === 0) return { limit: DEFAULT_LIMIT };
  const [flag, value, ...extra] = rest;
  if (flag !== '--limit' || value === undefined || extra.length) throw new UsageError(`not understood: ${JSON.stringify(rest.join(' '))}`);
  const limit = Number(value);
  if (!/^\d+$/.test(value) || limit < 1 || limit > MAX_LIMIT) throw new UsageError(`--limit needs a whole number from 1 to ${MAX_LIMIT}`);
  return { limit };
}

const time = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ');
const scaleText = (scale: InquiryRecord['scale']) =>
  scale === null ? 'scale not given' : `${message(INQUIRY_SCALE_LABELS[scale], 'en')} (${message(INQUIRY_SCALE_LABELS[scale], 'zh')})`;

/** One inquiry: a heading line of who and when, then its text indented. */
const block = (q: InquiryRecord) =>
  [
    `#${q.id}  ${time(q.created_at)}  ${q.name}${q.company ? ` · ${q.company}` : ''}  ${q.contact}  ${scaleText(q.scale)}`,
    `    from ${q.address}${q.account_id === null ? ', not logged in' : `, account #${q.account_id}`}`,
    ...q.message.split('\n').map((l) => `    | ${l}`),
  ].join('\n');

async function main(argv: string[]) {
  // Bad input is told before the database is opened.
  const { limit } = parse(argv);
  const { app: config } = loadConfig();
  // The server's own wiring (a tool reads no lists and works no jobs).
  const services = await openServices({ ...config, readThreads: 0, runJobs: false });
  try {
    const latest = await services.inquiries.latest(limit);
    console.log(latest.length === 0 ? 'No inquiries yet.' : latest.map(block).join('\n\n'));
  } finally {
    await services.close();
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  if (e instanceof UsageError) console.error(`${e.message}\n${USAGE}`);
  else console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
