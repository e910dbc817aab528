import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSealer, deriveKey } from '../src/secrets/index.js';

/** Secrets at rest (docs/security.md#marketplace-secrets): AES-256-GCM, a fresh IV per value. */
describe('sealer', () => {
  const key = deriveKey(randomBytes(32), 'store-secrets');
  const sealer = createSealer(key);

  it('opens what it sealed, and the sealed text does not hold the plain text', () => {
    const sealed = sealer.seal('tok_秘密_123');
    expect(sealed).toMatch(/^v1:[^:]+:[^:]+:[^:]+$/);
    expect(sealed).not.toContain('tok_');
    expect(sealer.open(sealed)).toBe('tok_秘密_123');
    expect(sealer.open(sealer.seal(''))).toBe('');
  });

  it('uses a different IV each time', () => {
    const a = sealer.seal('same');
    const b = sealer.seal('same');
    expect(a).not.toBe(b);
    expect(a.split(':')[1]).not.toBe(b.split(':')[1]);
  });

  it('refuses a tampered value with a message that says nothing of it', () => {
    const [v, iv, tag, body] = sealer.seal('secret-value').split(':') as [string, string, string, string];
    const flipped = Buffer.from(body, 'base64');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => sealer.open([v, iv, tag, flipped.toString('base64')].join(':'))).toThrow('a sealed value failed to open');
    const badTag = Buffer.from(tag, 'base64');
    badTag[0] = badTag[0]! ^ 1;
    expect(() => sealer.open([v, iv, badTag.toString('base64'), body].join(':'))).toThrow('a sealed value failed to open');
    expect(() => sealer.open('v2:a:b:c')).toThrow('not a sealed value');
    expect(() => sealer.open('plain')).toThrow('not a sealed value');
  });

  it('refuses a value sealed under another key', () => {
    const other = createSealer(deriveKey(randomBytes(32), 'store-secrets'));
    expect(() => other.open(sealer.seal('secret-value'))).toThrow('a sealed value failed to open');
    expect(() => createSealer(Buffer.alloc(16))).toThrow();
  });
});
