import { describe, expect, it } from 'vitest';
import { compressImage, ImageCompressError } from './image-compress';

describe('compressImage', () => {
  it('fails with ImageCompressError when the picture cannot be decoded', async () => {
    // jsdom decodes no images: the same path a corrupt or unsupported file takes in a browser.
    await expect(compressImage(new Blob(['not an image'], { type: 'image/jpeg' }))).rejects.toBeInstanceOf(
      ImageCompressError,
    );
  });
});
