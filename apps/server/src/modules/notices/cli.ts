import { message } from '@app/contract';
import { loadConfig } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { openServices } from '../../services.js';
import type { NoticeRecord } from './service.js';

/**
 * `npm run notice -- add --title "…" --content "…"`, `npm run notice -- retire <id>`, `npm run notice -- list`:
 * adds a notice (in force from now), retires one (it leaves the sellers' list and stays in the table), or lists
 * every notice with whether it is in force, in the database the server uses (DATA_DIR, DATABASE_URL).
 * docs/mobile.md#notices.
 */
const USAGE =
  'usage: npm run notice -- add --title "<title>" --content "<text>"\n' +
  '       npm run notice -- retire <id>\n' +
  '       npm run notice -- list';

class UsageError extends Error {}

type Command = { kind: 'add'; title: string; content: string } | { kind: 'retire'; id: number } | { kind: 'list' };

function parse(argv: string[]): Command {
  const [verb, ...rest] = argv;
  if (verb === 'add') {
    const given: Record<string, string> = {};
    for (let i = 0; i < rest.length; i++) {
      const flag = rest[i]!;
      const value = rest[i + 1];
      if ((flag !== '--title' && flag !== '--content') || value === undefined)
        throw new UsageError(`not understood: ${JSON.stringify(flag)}`);
      given[flag.slice(2)] = value;
      i++;
    }
    if (given.title === undefined || given.content === undefined) throw new UsageError('add needs --title and --content');
    return { kind: 'add', title: given.title, content: given.content };
  }
  if (verb === 'retire') {
    const [id, ...extra] = rest;
    if (id === undefined || !/^\d+$/.test(id) || Number(id) < 1 || extra.length)
      throw new UsageError('retire needs one notice id (a whole number)');
    return { kind: 'retire', id: Number(id) };
  }
  if (verb === 'list' && rest.length === 0) return { kind: 'list' };
  throw new UsageError(verb === undefined ? 'no command' : `unknown command: ${JSON.stringify([verb, ...rest].join(' '))}`);
}

const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 16).replace('T', ' ');
const line = (n: NoticeRecord) =>
  `#${n.id}  ${day(n.created_at)}  ${n.retired_at === null ? 'in force' : `retired ${day(n.retired_at)}`}  ${n.title}`;

async function main(argv: string[]) {
  // Bad input is told before the database is opened.
  const command = parse(argv);
  const { app: config } = loadConfig();
  // The server's own wiring (a tool reads no lists and works no jobs).
  const services = await openServices({ ...config, readThreads: 0, runJobs: false });
  try {
    const { notices } = services;
    if (command.kind === 'add') {
      const added = await notices.add(command);
      console.log(`Added notice #${added.id}, in force from now: ${added.title}`);
    } else if (command.kind === 'retire') {
      const { notice, changed } = await notices.retire(command.id);
      console.log(
        changed
          ? `Retired notice #${notice.id}: ${notice.title} (sellers no longer see it)`
          : `Notice #${notice.id} was already retired on ${day(notice.retired_at!)}: nothing changed`,
      );
    } else {
      const all = await notices.all();
      if (all.length === 0) console.log('No notices yet.');
      for (const n of all) console.log(line(n));
    }
  } finally {
    await services.close();
  }
}

main(process.argv.slice(2)).catch((e: unknown) => {
  if (e instanceof UsageError) console.error(`${e.message}\n${USAGE}`);
  else if (e instanceof AppError) console.error(`${message(e.key, 'en', e.params)} (${message(e.key, 'zh', e.params)})\n${USAGE}`);
  else console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
