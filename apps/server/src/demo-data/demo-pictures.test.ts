import { execFile } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/*
 * The demo pack's pictures, as a learner sees them (issue 26). The slide pictures carry no slide number of their own: the slides viewer prints
 * "Slide n of m" under the picture, and a "2 / 4" drawn on it read as the counter twice
 * (issue 26). The picture's lower band, where the number used to be, is one plain colour.
 */

const run = promisify(execFile);
const demoSchool = new URL('../../../../examples/demo-school/', import.meta.url);
const slidesDir = fileURLToPath(new URL('media/slides/', demoSchool));
const homeImagesDir = fileURLToPath(new URL('images/home/', demoSchool));

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

describe('demo home banners', () => {
  // Their buttons were bars standing in for words: each now says where it goes, in both languages.
  it('label their button in Chinese and English', async () => {
    const files = (await readdir(homeImagesDir)).filter((name) => /^banner-\d\.svg$/.test(name));
    expect(files).toHaveLength(3);
    for (const name of files) {
      const svg = await readFile(path.join(homeImagesDir, name), 'utf8');
      const labels = [...svg.matchAll(/<text[^>]*>([^<]*›)<\/text>/g)].map((match) => match[1]);
      expect(labels, name).toHaveLength(1);
      expect(labels[0], name).toMatch(/^\p{Script=Han}+ · [A-Za-z ]+ ›$/u);
    }
  });
});
