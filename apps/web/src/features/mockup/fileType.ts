/** What an upload on the mockup prototype may be (docs/mockup-prototype.md#uploads): JPEG or PNG, by content. */
export type ImageKind = 'jpeg' | 'png';

/** The signature bytes each accepted kind starts with. */
const SIGNATURES: [ImageKind, number[]][] = [
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
  ['jpeg', [0xff, 0xd8, 0xff]],
];

/** How many leading bytes imageKind needs. */
export const SIGNATURE_LENGTH = 8;

/** The kind of picture these leading bytes begin, or null: a file's name and declared type are not trusted. */
export function imageKind(head: Uint8Array): ImageKind | null {
  for (const [kind, bytes] of SIGNATURES) if (bytes.every((b, i) => head[i] === b)) return kind;
  return null;
}

/** The kind of a chosen file, read from its first bytes. */
export async function fileImageKind(file: Blob): Promise<ImageKind | null> {
  return imageKind(new Uint8Array(await file.slice(0, SIGNATURE_LENGTH).arrayBuffer()));
}
