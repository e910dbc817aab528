import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createSigner, loadSecretKey, SECRET_KEY_FILE } from '../src/secrets/index.js';

describe('the server secret key', () => {
  it('is generated once into the data directory, readable by its owner only, and the same on the next start', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pod-secret-'));
    const first = loadSecretKey(dir);
    expect(first).toHaveLength(32);
    expect(fs.statSync(path.join(dir, SECRET_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(loadSecretKey(dir).equals(first)).toBe(true);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('is the configured one when SECRET_KEY is set, and no file is written', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pod-secret-'));
    expect(loadSecretKey(dir, 'ab'.repeat(32)).toString('hex')).toBe('ab'.repeat(32));
    expect(fs.existsSync(path.join(dir, SECRET_KEY_FILE))).toBe(false);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('signed tokens', () => {
  const key = Buffer.alloc(32, 7);
  let now = 1_000_000;
  const signer = createSigner(key, () => now);

  it('give their payload back for their purpose until they expire', () => {
    const token = signer.sign('download', { id: 5 }, 60_000);
    expect(signer.verify('download', token)).toEqual({ id: 5 });
    now += 59_999;
    expect(signer.verify('download', token)).toEqual({ id: 5 });
    now += 1;
    expect(signer.verify('download', token)).toBeUndefined();
  });

  it('are refused for another purpose, under another key, or changed in any part', () => {
    const token = signer.sign('download', { id: 5 }, 60_000);
    expect(signer.verify('export', token)).toBeUndefined();
    expect(createSigner(Buffer.alloc(32, 8), () => now).verify('download', token)).toBeUndefined();
    const [body, sig] = token.split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify({ p: { id: 6 }, e: now + 60_000 })).toString('base64url');
    expect(signer.verify('download', `${forged}.${sig}`)).toBeUndefined();
    expect(signer.verify('download', `${body}.${sig.slice(0, -2)}`)).toBeUndefined();
    expect(signer.verify('download', `${body}.${sig}.x`)).toBeUndefined();
    expect(signer.verify('download', 'garbage')).toBeUndefined();
  });
});
