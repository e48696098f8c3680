import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { AppIconSize } from '@school/contract/web-app';
import { AppError } from '../../lib/app-error.js';
import { parseImageUrl } from '../../school-pack/pack-images.js';
import type { MediaStorage } from '../../providers/storage/media-storage.js';

/*
 * A school's home-screen icons are made from its favicon, whatever the school brought (PNG,
 * JPEG, WebP, GIF or SVG, any size): phones want square PNGs of set sizes (Chrome asks for at
 * least 144 px, iOS for 180 px and no SVG). A favicon the server cannot read (an https address,
 * a missing file) falls back to the app's own. Made once per favicon and size, then kept.
 */

/** Where the app's own favicon is in the web build; also the fallback. */
const defaultFavicon = '/mobile/favicon.svg';

/** A maskable icon keeps its picture inside the middle 80% (the mask's safe zone). */
const maskablePadding = 0.1;

// A small store: a few schools × three sizes × two purposes. Cleared when it grows past this
// (a school changing its favicon many times must not grow memory without end).
const maxKeptIcons = 60;

export function iconVersion(favicon: string): string {
  return createHash('sha256').update(favicon).digest('hex').slice(0, 10);
}

export function createAppIcons({ storage, webDistDir }: { storage: MediaStorage; webDistDir: string }) {
  const kept = new Map<string, Promise<Buffer>>();

  async function sourceBytes(favicon: string): Promise<Buffer | null> {
    const stored = parseImageUrl(favicon);
    if (stored) {
      const stream = await storage.read(`pack/${stored.name}`);
      return stream === null ? null : Buffer.concat(await stream.toArray());
    }
    if (favicon.startsWith('/mobile/')) {
      const relative = path.posix.normalize(favicon.slice('/mobile/'.length));
      // Only files of the build's root or folders, never a dot-file or the server's renderer.
      if (
        relative.startsWith('..') ||
        relative.split('/').some((part) => part.startsWith('.')) ||
        relative.startsWith('server/')
      ) {
        return null;
      }
      return readFile(path.join(webDistDir, relative)).catch(() => null);
    }
    return null;
  }

  async function render(bytes: Buffer, size: AppIconSize, maskable: boolean): Promise<Buffer> {
    const inner = maskable ? Math.round(size * (1 - 2 * maskablePadding)) : size;
    // Rasterised at the size asked (an SVG is drawn at that density, not scaled up from 32 px),
    // on white: iOS paints an icon's transparent parts black.
    const picture = await sharp(bytes, { density: 384, animated: false })
      .resize(inner, inner, { fit: 'contain', background: '#ffffff' })
      .flatten({ background: '#ffffff' })
      .png()
      .toBuffer();
    if (!maskable) return picture;
    const pad = Math.floor((size - inner) / 2);
    return sharp(picture)
      .extend({ top: pad, bottom: size - inner - pad, left: pad, right: size - inner - pad, background: '#ffffff' })
      .png()
      .toBuffer();
  }

  async function make(favicon: string, size: AppIconSize, maskable: boolean): Promise<Buffer> {
    const own = await sourceBytes(favicon);
    if (own !== null) {
      try {
        return await render(own, size, maskable);
      } catch {
        // Not a picture sharp can read: the app's own icon instead.
      }
    }
    const fallback = await sourceBytes(defaultFavicon);
    // Only a server without the web build (the API alone) has no icon of its own to give.
    if (fallback === null) throw new AppError('notFound');
    return render(fallback, size, maskable);
  }

  return {
    /** The PNG of `favicon` at `size` pixels square. */
    icon(favicon: string, size: AppIconSize, maskable: boolean): Promise<Buffer> {
      const key = `${size}:${maskable}:${favicon}`;
      let icon = kept.get(key);
      if (icon === undefined) {
        if (kept.size >= maxKeptIcons) kept.clear();
        icon = make(favicon, size, maskable);
        // A failure is not kept: the next request tries again.
        icon.catch(() => kept.delete(key));
        kept.set(key, icon);
      }
      return icon;
    },
  };
}

export type AppIcons = ReturnType<typeof createAppIcons>;
