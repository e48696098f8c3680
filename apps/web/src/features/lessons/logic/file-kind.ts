export { formatFileSize } from '../../../lib/file-size';
/**
 * What a download lesson's file is, in words a learner knows: the raw MIME type
 * ("application/vnd.openxmlformats-officedocument…") means nothing to most of them.
 */
export type FileKind = 'pdf' | 'word' | 'excel' | 'powerpoint' | 'zip' | 'image' | 'audio' | 'video' | 'text';

const byType: Record<string, FileKind> = {
  'application/pdf': 'pdf',
  'application/msword': 'word',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'word',
  'application/vnd.ms-excel': 'excel',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'excel',
  'text/csv': 'excel',
  'application/vnd.ms-powerpoint': 'powerpoint',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'powerpoint',
  'application/zip': 'zip',
  'application/x-zip-compressed': 'zip',
};

// Schools upload from many tools, and some send application/octet-stream: the name then decides.
const byExtension: Record<string, FileKind> = {
  pdf: 'pdf',
  doc: 'word',
  docx: 'word',
  xls: 'excel',
  xlsx: 'excel',
  csv: 'excel',
  ppt: 'powerpoint',
  pptx: 'powerpoint',
  zip: 'zip',
  txt: 'text',
};

const mediaFamilies: FileKind[] = ['image', 'audio', 'video', 'text'];

/** The file's extension in capitals ("KEY"), or null when the name has none. */
export function fileExtension(fileName: string): string | null {
  const match = /\.([a-z0-9]{1,10})$/i.exec(fileName.trim());
  return match ? match[1]!.toUpperCase() : null;
}

/** The kind of file, from its MIME type first and its name second; null when neither tells. */
export function fileKind(contentType: string, fileName: string): FileKind | null {
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  const known = byType[type];
  if (known) return known;
  const family = type.split('/')[0] as FileKind;
  if (mediaFamilies.includes(family)) return family;
  const extension = fileExtension(fileName)?.toLowerCase();
  return extension ? (byExtension[extension] ?? null) : null;
}
