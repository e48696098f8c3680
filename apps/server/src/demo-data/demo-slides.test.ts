import { execFile } from 'node:child_process';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/*
 * The demo pack's slide pictures carry no slide number of their own: the slides viewer prints
 * "Slide n of m" under the picture, and a "2 / 4" drawn on it read as the counter twice
 * (issue 26). The picture's lower band, where the number used to be, is one plain colour.
 */

const run = promisify(execFile);
const slidesDir = fileURLToPath(new URL('../../../../examples/demo-school/media/slides/', import.meta.url));

/** The lower band's grey levels (FFmpeg decodes the WebP; decision 019 puts it on the PATH). */
async function lowerBandLevels(file: string): Promise<{ darkest: number; lightest: number }> {
  const { stdout } = await run(
    'ffmpeg',
    ['-v', 'error', '-i', file, '-vf', 'crop=iw:ih/4:0:ih*3/4,format=gray', '-f', 'rawvideo', '-'],
    { encoding: 'buffer', maxBuffer: 4 * 1024 * 1024 },
  );
  let darkest = 255;
  let lightest = 0;
  for (const level of stdout) {
    darkest = Math.min(darkest, level);
    lightest = Math.max(lightest, level);
  }
  return { darkest, lightest };
}

describe('demo slides', () => {
  it('draw no slide number on the picture', async () => {
    const files = (await readdir(slidesDir)).filter((name) => name.endsWith('.webp'));
    expect(files).toHaveLength(4);
    for (const name of files) {
      const { darkest, lightest } = await lowerBandLevels(path.join(slidesDir, name));
      // White text on the coloured ground spans ~170 levels; WebP noise on plain colour stays within a few.
      expect(lightest - darkest, name).toBeLessThan(8);
    }
  });
});
