import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';

/*
 * A PDF's pages drawn as WebP images when it is stored (decision 029), so a phone shows page 1
 * as a plain image instead of downloading pdf.js (~135 KB gzip) to draw it. pdf.js draws in
 * Node into a canvas of @napi-rs/canvas (a prebuilt binary from npm: nothing to install beside
 * the server), which also encodes the WebP.
 */

/** Wide enough for a 360 px phone at a pixel ratio of 3; a wider page is scaled down. */
const pageImageWidth = 1080;
/** A very tall page is scaled down further, so one page never holds a huge canvas. */
const maxPagePixels = pageImageWidth * pageImageWidth * 4;
/** Text stays sharp and a page of text weighs ~25–30 KB. */
const webpQuality = 80;

export interface DrawnPage {
  /** Where the image was written (in a folder the caller removes through `dispose`). */
  file: string;
  width: number;
  height: number;
  /**
   * Where the page's text was written (UTF-8), for screen readers, which cannot read an image;
   * null when the page has none (a scan).
   */
  textFile: string | null;
}

/*
 * Fonts that draw a Chinese character with a radical's glyph give its text as the radical (入门
 * as ⼊⻔, U+2F0A U+2ED4), which a screen reader names as a radical. Kangxi radicals (U+2F00–U+2FDF)
 * come back to their character by NFKC; the simplified radicals have no such mapping in Unicode
 * and are mapped here.
 */
const kangxiRadical = /[\u2F00-\u2FDF]/gu;
const simplifiedRadicals: Record<string, string> = {
  '⺰': '纟',
  '⻅': '见',
  '⻆': '角',
  '⻈': '讠',
  '⻉': '贝',
  '⻋': '车',
  '⻌': '辶',
  '⻐': '钅',
  '⻓': '长',
  '⻔': '门',
  '⻙': '韦',
  '⻚': '页',
  '⻛': '风',
  '⻜': '飞',
  '⻠': '饣',
  '⻢': '马',
  '⻥': '鱼',
  '⻦': '鸟',
  '⻧': '卤',
  '⻨': '麦',
  '⻩': '黄',
  '⻪': '黾',
  '⻬': '齐',
  '⻮': '齿',
  '⻰': '龙',
  '⻳': '龟',
};
const simplifiedRadical = new RegExp(`[${Object.keys(simplifiedRadicals).join('')}]`, 'gu');

/** Chinese, Japanese and Korean characters and full-width forms: no space between their runs. */
const cjk = /[\u2E80-\u9FFF\uAC00-\uD7AF\uF900-\uFAFF\uFF00-\uFFEF]/u;

/**
 * The page's text in reading order: a line break where pdf.js marks the end of a line, a space
 * between two runs of a line that would otherwise run together ("1" and "Getting started", a
 * heading's number and its words), none between runs of Chinese.
 */
export async function pageText(page: { getTextContent(): Promise<{ items: unknown[] }> }): Promise<string> {
  const { items } = await page.getTextContent();
  let text = '';
  for (const item of items) {
    const { str = '', hasEOL = false } = item as { str?: string; hasEOL?: boolean };
    const before = text.at(-1);
    const after = str[0];
    if (before !== undefined && after !== undefined && !/\s/.test(before + after) && !cjk.test(before + after)) {
      text += ' ';
    }
    text += hasEOL ? `${str}\n` : str;
  }
  return text
    .replace(kangxiRadical, (radical) => radical.normalize('NFKC'))
    .replace(simplifiedRadical, (radical) => simplifiedRadicals[radical] ?? radical)
    .replace(/[ \t]+\n/g, '\n')
    .trim();
}

const pdfjsFolder = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));

/**
 * Draws every page of the PDF at `pdfPath` into a temporary folder, in order. The caller stores
 * the images and then calls `dispose` to remove them.
 */
export async function drawPdfPages(pdfPath: string): Promise<{ pages: DrawnPage[]; dispose(): Promise<void> }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const folder = await mkdtemp(path.join(tmpdir(), 'pdf-pages-'));
  const dispose = () => rm(folder, { recursive: true, force: true });
  const task = getDocument({
    data: new Uint8Array(await readFile(pdfPath)),
    isEvalSupported: false,
    verbosity: 0,
    // Fonts a PDF names without embedding them (the standard 14, CJK character maps).
    standardFontDataUrl: path.join(pdfjsFolder, 'standard_fonts') + path.sep,
    cMapUrl: path.join(pdfjsFolder, 'cmaps') + path.sep,
    cMapPacked: true,
  });
  try {
    const doc = await task.promise;
    const pages: DrawnPage[] = [];
    for (let number = 1; number <= doc.numPages; number += 1) {
      const page = await doc.getPage(number);
      const natural = page.getViewport({ scale: 1 });
      const scale = Math.min(
        pageImageWidth / natural.width,
        Math.sqrt(maxPagePixels / (natural.width * natural.height)),
      );
      const viewport = page.getViewport({ scale });
      const width = Math.max(1, Math.round(viewport.width));
      const height = Math.max(1, Math.round(viewport.height));
      const canvas = createCanvas(width, height);
      type RenderParameters = Parameters<typeof page.render>[0];
      await page.render({
        canvasContext: canvas.getContext('2d') as unknown as RenderParameters['canvasContext'],
        canvas: canvas as unknown as RenderParameters['canvas'],
        viewport,
      }).promise;
      const file = path.join(folder, `page-${number}.webp`);
      await writeFile(file, await canvas.encode('webp', webpQuality));
      const text = await pageText(page);
      const textFile = text === '' ? null : path.join(folder, `page-${number}.txt`);
      if (textFile !== null) await writeFile(textFile, text, 'utf8');
      pages.push({ file, width, height, textFile });
      page.cleanup();
    }
    return { pages, dispose };
  } catch (error) {
    await dispose();
    throw error;
  } finally {
    await task.destroy();
  }
}
