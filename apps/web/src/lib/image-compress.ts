/**
 * Shrinks a picture in the browser before it is uploaded: an avatar needs a few hundred pixels,
 * not the 12-megapixel photo a phone camera hands over. Draws it on a canvas no larger than
 * `maxDimension` on its longer side and encodes WebP (JPEG where the browser cannot).
 */
export type ImageCompressor = (file: Blob) => Promise<Blob>;

export class ImageCompressError extends Error {
  override readonly name = 'ImageCompressError';
}

export interface CompressOptions {
  maxDimension?: number;
  quality?: number;
}

interface Decoded {
  source: CanvasImageSource;
  width: number;
  height: number;
  release(): void;
}

async function decode(file: Blob): Promise<Decoded> {
  if (typeof createImageBitmap === 'function') {
    const bitmap = await createImageBitmap(file);
    return { source: bitmap, width: bitmap.width, height: bitmap.height, release: () => bitmap.close() };
  }
  const url = URL.createObjectURL(file);
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    return { source: image, width: image.naturalWidth, height: image.naturalHeight, release: () => {} };
  } finally {
    URL.revokeObjectURL(url);
  }
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

export async function compressImage(
  file: Blob,
  { maxDimension = 512, quality = 0.85 }: CompressOptions = {},
): Promise<Blob> {
  let decoded: Decoded;
  try {
    decoded = await decode(file);
  } catch (cause) {
    throw new ImageCompressError('The image could not be decoded', { cause });
  }
  try {
    const { width, height } = decoded;
    if (!width || !height) throw new ImageCompressError('The image has no size');
    const scale = Math.min(1, maxDimension / Math.max(width, height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(width * scale));
    canvas.height = Math.max(1, Math.round(height * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new ImageCompressError('No 2D canvas');
    // JPEG has no transparency: a transparent PNG would turn black without a background.
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(decoded.source, 0, 0, canvas.width, canvas.height);
    // A browser that cannot encode WebP quietly answers PNG instead: fall back to JPEG then.
    let blob = await toBlob(canvas, 'image/webp', quality);
    if (!blob || blob.type !== 'image/webp') blob = await toBlob(canvas, 'image/jpeg', quality);
    if (!blob || blob.size === 0) throw new ImageCompressError('The canvas could not be encoded');
    return blob;
  } finally {
    decoded.release();
  }
}
