/*
 * pdf.js, imported only by the PDF viewer's dynamic import, so only document lessons and
 * lectures download it. The legacy build: the modern one calls Map#getOrInsertComputed and
 * other just-shipped APIs that the phones our learners carry (WeChat's browser, iOS Safari of
 * the last years) lack; the legacy build polyfills them, for ~20 KB gzip more on these screens.
 */
import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import workerUrl from 'pdfjs-dist/legacy/build/pdf.worker.min.mjs?url';

GlobalWorkerOptions.workerSrc = workerUrl;

export { getDocument };
export type { PDFDocumentProxy, PDFPageProxy, RenderTask } from 'pdfjs-dist/legacy/build/pdf.mjs';
