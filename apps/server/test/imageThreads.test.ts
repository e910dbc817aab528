import fs from 'node:fs';
import os from 'node:os';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { imageThreadsGiveWay } from '../src/parsing/pool.js';

/** The nice value of each of this process's threads named `prefix` (Linux: /proc/self/task/<tid>/stat, field 19). */
function nicesOf(prefix: string): number[] {
  const out: number[] = [];
  for (const tid of fs.readdirSync('/proc/self/task')) {
    let comm = '';
    let stat = '';
    try {
      comm = fs.readFileSync(`/proc/self/task/${tid}/comm`, 'utf8');
      stat = fs.readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
    } catch {
      continue;
    }
    // Fields after the command (which is in parentheses and may hold spaces): state is field 3, nice field 19.
    if (comm.startsWith(prefix)) out.push(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
  }
  return out;
}

describe('image threads', () => {
  it('libvips’s pixel threads give way to the API once an image task has run (docs/finished.md#under-load)', async () => {
    await sharp({ create: { width: 2000, height: 2000, channels: 3, background: '#c33' } })
      .resize(800)
      .png()
      .toBuffer();
    const before = nicesOf('libvips worker');
    expect(before.length).toBeGreaterThan(0);
    // They start at the priority of the thread that ran the task (this process's, below nice 10).
    expect(os.getPriority()).toBeLessThan(10);
    expect(before.every((n) => n === os.getPriority())).toBe(true);
    imageThreadsGiveWay();
    expect(nicesOf('libvips worker').every((n) => n === 10)).toBe(true);
  });
});
