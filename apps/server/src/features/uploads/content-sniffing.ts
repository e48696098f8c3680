import type { UploadContentType } from '@school/contract/uploads';

/*
 * What a file really is, from its first bytes (the "magic numbers" of each format), so a
 * client cannot store an HTML page or a script under an image's name.
 */

const startsWith = (bytes: Buffer, signature: number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

export function sniffContentType(bytes: Buffer): UploadContentType | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(bytes, ascii('GIF87a')) || startsWith(bytes, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(bytes, ascii('%PDF-'))) return 'application/pdf';
  return null;
}

/** A declared MIME type, lower-cased, without parameters, with the common alias of JPEG folded in. */
export function normalizeDeclaredType(declared: string): string {
  const type = declared.split(';')[0]?.trim().toLowerCase() ?? '';
  return type === 'image/jpg' || type === 'image/pjpeg' ? 'image/jpeg' : type;
}

export const extensionOf: Record<UploadContentType, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
};

/** Names the server gives stored files: 32 hex digits and the type's extension. */
export const storageNamePattern = /^[a-f0-9]{32}\.(?:png|jpg|webp|gif|pdf)$/;
