import { randomBytes } from 'node:crypto';

export type Part = { name: string; value: string } | { name: string; filename: string; data: Buffer; type?: string };
/** A multipart/form-data body by hand (RFC 7578), as a browser's FormData sends it. */
export function multipart(parts: Part[]) {
  const boundary = `----bo${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const file = 'data' in p;
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"` +
      (file ? `; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}` : '') +
      '\r\n\r\n';
    chunks.push(Buffer.from(head), file ? p.data : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
