import type { PackLesson } from './pack-schema.js';

/*
 * The files a pack's lessons and materials name: which kinds each lesson type plays (what the
 * lesson player can play in a phone's browser).
 */

const video = ['.mp4', '.m3u8'];
const audio = ['.mp3', '.m4a', '.aac', '.wav'];
const image = ['.webp', '.png', '.jpg', '.jpeg', '.gif'];

/** The extensions a lesson type plays; null: any file (a download). */
export function playableExtensions(type: PackLesson['type']): readonly string[] | null {
  switch (type) {
    case 'VIDEO':
    case 'LIVE_RECODE':
      return video;
    case 'AUDIO':
      return audio;
    case 'PDF':
    case 'DOC':
      return ['.pdf'];
    case 'PPT':
      return image;
    default:
      return null;
  }
}

/** The files an HLS playlist names (its segments), as written in it: one name per line, no folders. */
export function playlistSegments(playlist: string): string[] {
  return playlist
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
