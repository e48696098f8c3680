import path from 'node:path';
import { servedFilePaths } from '@school/contract/paths';

/*
 * Pictures a pack brings as files (covers, avatars, logos, icons, banners), named by a path
 * relative to the YAML file that shows them. An import stores each by its hash, like lesson
 * media, and the school's rows hold its public address, `/api/images/<hash>.<ext>/<pack path>`:
 * the hash serves the bytes (never changing, so cached for good), the pack path is where export
 * writes the file back. Addresses on the site or https ones are kept as they are.
 */

/** The keys whose values are pictures, wherever they appear in a pack's files. */
export const imageKeys = new Set(['favicon', 'logo', 'icon', 'activeIcon', 'image', 'avatar', 'cover']);

export const imageExtensions = ['.png', '.jpg', '.jpeg', '.webp', '.gif', '.svg'] as const;

/** How read-pack marks a picture of the pack in what it read: the marker, then the pack path. */
export const packImageMarker = 'pack:';

/** A picture named by a path in the pack (neither a site path nor an https address). */
export const isPackImagePath = (value: string) => !value.startsWith('/') && !value.startsWith('https://');

const storedImage = /^\/api\/images\/([0-9a-f]{64}\.[a-z]+)\/(.+)$/;

/** The public address of a stored pack picture: its storage name, then where the pack had it. */
export function imageUrl(key: string, packPath: string): string {
  return servedFilePaths.packImage(`${path.posix.basename(key)}/${packPath}`);
}

/** The storage name and pack path of a stored picture's address; null for any other value. */
export function parseImageUrl(value: string): { name: string; packPath: string } | null {
  const match = storedImage.exec(value);
  return match ? { name: match[1]!, packPath: match[2]! } : null;
}

/** Every picture value in `value` (a pack file's data), with where it is, depth first. */
export function* imageValues(value: unknown, at: PropertyKey[] = []): Generator<{ at: PropertyKey[]; value: string }> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* imageValues(item, [...at, i]);
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (imageKeys.has(key) && typeof item === 'string') yield { at: [...at, key], value: item };
      else yield* imageValues(item, [...at, key]);
    }
  }
}

/** A copy of `value` with each picture value replaced by `replace(value)`. */
export function withImages<T>(value: T, replace: (image: string) => string): T {
  if (Array.isArray(value)) return value.map((item) => withImages(item, replace)) as T;
  if (value !== null && typeof value === 'object' && !(value instanceof Date) && !(value instanceof Map)) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        imageKeys.has(key) && typeof item === 'string' ? replace(item) : withImages(item, replace),
      ]),
    ) as T;
  }
  return value;
}
