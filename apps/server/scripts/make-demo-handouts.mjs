// Writes the demo pack's course handouts (examples/demo-school/courses/<uid>/handout.pdf): four
// A4 pages in Chinese and English, printed by Debian's Chromium with fonts-noto-cjk, so the PDF
// carries the CJK glyphs it uses. Run from the repository root:
//   node apps/server/scripts/make-demo-handouts.mjs
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const courses = {
  'javascript-from-zero': [
    'JavaScript 零基础入门',
    'JavaScript from Zero',
    [
      [
        '变量与类型',
        'Variables and types',
        '用 let 和 const 声明变量；数字、字符串、布尔值是最常用的类型。',
        'Declare variables with let and const; numbers, strings and booleans are the types you use most.',
      ],
      [
        '函数',
        'Functions',
        '函数把一段步骤起个名字，接收参数，返回结果。',
        'A function names a few steps: it takes parameters and returns a result.',
      ],
      [
        '数组与对象',
        'Arrays and objects',
        '数组按顺序存放数据，对象按名字存放数据。',
        'Arrays keep values in order; objects keep them by name.',
      ],
      [
        '异步',
        'Async',
        '用 async/await 等待网络请求，而不让页面卡住。',
        'Wait for the network with async/await without freezing the page.',
      ],
    ],
  ],
  'python-for-beginners': [
    'Python 编程入门',
    'Python for Beginners',
    [
      [
        '安装与运行',
        'Install and run',
        '安装 Python 3，用 python 命令运行第一个脚本。',
        'Install Python 3 and run your first script with the python command.',
      ],
      [
        '变量与列表',
        'Variables and lists',
        '列表可以增删元素，用 for 循环逐个处理。',
        'Lists grow and shrink; a for loop handles each item in turn.',
      ],
      [
        '函数与模块',
        'Functions and modules',
        '把常用代码写成函数，放进模块里复用。',
        'Put code you reuse into functions, and functions into modules.',
      ],
      [
        '读写文件',
        'Reading and writing files',
        '用 with open(...) 打开文件，结束时自动关闭。',
        'Open files with with open(...): they close by themselves when done.',
      ],
    ],
  ],
  'react-component-patterns': [
    'React 组件设计模式',
    'React Component Patterns',
    [
      [
        '单一职责',
        'One job per component',
        '一个组件只做一件事，名字说明它做什么。',
        'A component does one thing, and its name says what.',
      ],
      [
        '组合',
        'Composition',
        '用 children 组合组件，而不是堆积属性。',
        'Compose components with children instead of piling up props.',
      ],
      [
        '受控与非受控',
        'Controlled and uncontrolled',
        '表单的值放在 state 里就是受控组件。',
        'A form whose value lives in state is a controlled component.',
      ],
      [
        '自定义 Hook',
        'Custom hooks',
        '把可复用的状态逻辑提取成以 use 开头的函数。',
        'Extract reusable state logic into functions whose names start with use.',
      ],
    ],
  ],
};

const style = `@page{size:A4;margin:22mm}body{font-family:"Noto Sans CJK SC",sans-serif;color:#1e293b}
.page{page-break-after:always;height:240mm;position:relative}.page:last-child{page-break-after:auto}
h1{font-size:26pt;margin:0 0 4mm;color:#075985}h2{font-size:15pt;margin:0 0 14mm;color:#475569;font-weight:400}
h3{font-size:20pt;margin:10mm 0 4mm}p{font-size:13pt;line-height:1.7;margin:0 0 5mm}.en{color:#475569}
.foot{position:absolute;bottom:0;left:0;right:0;font-size:10pt;color:#94a3b8;display:flex;justify-content:space-between}`;

const work = mkdtempSync(path.join(os.tmpdir(), 'handouts-'));
try {
  for (const [uid, [cn, en, pages]] of Object.entries(courses)) {
    const sections = pages.map(
      ([headCn, headEn, textCn, textEn], i) =>
        `<section class="page"><h1>${cn}</h1><h2>${en} · 课程讲义 Course handout</h2>` +
        `<h3>${i + 1}. ${headCn}</h3><p>${textCn}</p><h3 class="en">${headEn}</h3><p class="en">${textEn}</p>` +
        `<div class="foot"><span>演示学校 Demo School</span><span>${i + 1} / ${pages.length}</span></div></section>`,
    );
    const html = path.join(work, `${uid}.html`);
    writeFileSync(
      html,
      `<!doctype html><html><head><meta charset="utf-8"><style>${style}</style></head><body>${sections.join('')}</body></html>`,
    );
    execFileSync(
      process.env.CHROMIUM_PATH ?? 'chromium',
      [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--user-data-dir=${path.join(work, 'profile')}`,
        '--no-pdf-header-footer',
        `--print-to-pdf=${path.resolve('examples/demo-school/courses', uid, 'handout.pdf')}`,
        `file://${html}`,
      ],
      { stdio: 'ignore' },
    );
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
