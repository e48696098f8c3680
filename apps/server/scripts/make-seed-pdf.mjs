// Writes the demo school's 4-page lesson PDF (used by the PDF and DOC lessons and as the lecture
// handout): a big page number and a title on each page, in PDF's built-in Helvetica, so the file
// needs no embedded font and stays a few kilobytes. Called by make-seed-media.sh:
//   node apps/server/scripts/make-seed-pdf.mjs <out.pdf>
// No dates or random ids are written: the same script always gives the same bytes.
import { writeFileSync } from 'node:fs';

const out = process.argv[2];
if (!out) {
  process.stderr.write('usage: node make-seed-pdf.mjs <out.pdf>\n');
  process.exit(2);
}

const pageWidth = 595; // A4 in points
const pageHeight = 842;
const pages = [
  {
    title: 'Getting started',
    lines: [
      'What this course covers and how to study it.',
      'Watch each video once, then do the exercise straight away.',
      'Keep your notes beside the lesson: tap a note to jump back.',
    ],
  },
  {
    title: 'Core ideas',
    lines: [
      'The three ideas every later lesson builds on.',
      'Read the examples slowly and predict each result first.',
      'If one idea is unclear, ask in the course Q&A.',
    ],
  },
  {
    title: 'Hands-on practice',
    lines: [
      'Build the example from the video without looking.',
      'Change one thing at a time and write down what happens.',
      'The exercise files are in the course materials.',
    ],
  },
  {
    title: 'Wrap-up and next steps',
    lines: [
      'Review your notes and the questions you asked.',
      'Take the course quiz to check what you learned.',
      'You reached the last page: this lesson is complete.',
    ],
  },
];

// Helvetica-Bold advance widths (1/1000 em) of the characters used in centred text.
const boldWidths = { 0: 556, 1: 556, 2: 556, 3: 556, 4: 556, ' ': 278, '/': 278, P: 667, a: 556, g: 611, e: 556 };
const widthOf = (text, size) => ([...text].reduce((sum, ch) => sum + (boldWidths[ch] ?? 600), 0) * size) / 1000;
const escape = (text) => text.replace(/[\\()]/g, (ch) => `\\${ch}`);

function pageContent(page, index) {
  const number = String(index + 1);
  const bigSize = 260;
  const ops = [
    // Blue header band with the school and document name.
    '0.114 0.306 0.847 rg',
    `0 ${pageHeight - 110} ${pageWidth} 110 re f`,
    '1 1 1 rg',
    `BT /F2 26 Tf 48 ${pageHeight - 62} Td (${escape('Demo School')}) Tj ET`,
    `BT /F1 16 Tf 48 ${pageHeight - 90} Td (${escape('Lesson handout')}) Tj ET`,
    // The page number, as large as the page allows, for screenshots and tests.
    '0.114 0.306 0.847 rg',
    `BT /F2 ${bigSize} Tf ${((pageWidth - widthOf(number, bigSize)) / 2).toFixed(1)} 440 Td (${number}) Tj ET`,
    '0.1 0.1 0.1 rg',
    `BT /F2 34 Tf 48 360 Td (${escape(page.title)}) Tj ET`,
    'BT /F1 16 Tf 48 318 Td 26 TL',
    ...page.lines.map((line, i) => `${i === 0 ? '' : 'T* '}(${escape(line)}) Tj`),
    'ET',
    // Footer rule and "Page n / 4".
    '0.8 0.8 0.8 RG 1 w',
    `48 70 m ${pageWidth - 48} 70 l S`,
    '0.35 0.35 0.35 rg',
    `BT /F1 12 Tf 48 48 Td (${escape(`Page ${number} / ${pages.length}`)}) Tj ET`,
  ];
  return `${ops.join('\n')}\n`;
}

// Objects: 1 catalog, 2 page tree, 3 and 4 fonts, 5 info, then a page and its content per page.
const objects = [];
const pageIds = pages.map((_, i) => 6 + i * 2);
objects[1] = '<< /Type /Catalog /Pages 2 0 R /PageMode /UseNone >>';
objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pages.length} >>`;
objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';
objects[4] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>';
objects[5] = '<< /Title (Demo School lesson handout) /Producer (make-seed-pdf.mjs) >>';
pages.forEach((page, i) => {
  const content = pageContent(page, i);
  objects[pageIds[i]] =
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${pageWidth} ${pageHeight}] ` +
    `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i] + 1} 0 R >>`;
  objects[pageIds[i] + 1] = `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`;
});

let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
const offsets = [];
for (let id = 1; id < objects.length; id++) {
  offsets[id] = Buffer.byteLength(pdf, 'latin1');
  pdf += `${id} 0 obj\n${objects[id]}\nendobj\n`;
}
const xrefAt = Buffer.byteLength(pdf, 'latin1');
pdf += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
for (let id = 1; id < objects.length; id++) pdf += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
pdf += `trailer\n<< /Size ${objects.length} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
writeFileSync(out, Buffer.from(pdf, 'latin1'));
