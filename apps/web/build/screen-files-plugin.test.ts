// @vitest-environment node
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { routeScreens, screenFiles } from './screen-files-plugin.ts';

const read = (path: string) => readFileSync(fileURLToPath(new URL(`../src/${path}`, import.meta.url)), 'utf8');
const routes = read('app/routes.ts');
const registry = read('app/messages/registry/screen-messages.ts');

describe("each route's first-screen files (decision 031)", () => {
  it('reads every screen of the route table with the texts its route loads beside it', () => {
    const screens = routeScreens(routes);
    expect(screens.get('courseList')).toEqual({
      source: 'src/features/courses/components/course-list-screen',
      messages: [],
    });
    expect(screens.get('examDetail')).toEqual({
      source: 'src/features/exams/components/exam-detail-screen',
      messages: ['examsMessages'],
    });
    // One argument a line.
    expect(screens.get('courseComments')?.messages).toEqual([
      'courseMemberMessages',
      'formMessages',
      'commentMessages',
    ]);
    // Every screen the server renders is there (app/entry-server.tsx).
    const rendered = [...read('app/entry-server.tsx').matchAll(/^ {2}'(\w+)',$/gm)].map((match) => match[1]);
    expect(rendered.length).toBeGreaterThan(20);
    for (const route of rendered) expect(screens.has(route!), route).toBe(true);
  });

  it('lists the first files, the app’s texts, the screen with its imports, and its texts in each language, each file once', () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_app.js'] },
      '_app.js': { file: 'assets/app-2.js', imports: ['_shared.js'] },
      '_shared.js': { file: 'assets/shared.js' },
      'src/app/messages/registry/bundle-cn.ts': { file: 'assets/core-cn.js' },
      'src/app/messages/registry/bundle-en.ts': { file: 'assets/core-en.js' },
      'src/features/exams/components/exam-detail-screen.tsx': {
        file: 'assets/exam.js',
        imports: ['_shared.js', '_detail.js'],
        css: ['assets/exam.css'],
      },
      '_detail.js': { file: 'assets/detail.js', imports: ['_shared.js'] },
      'src/features/exams/messages/cn.ts': { file: 'assets/exams-cn.js' },
      'src/features/exams/messages/en.ts': { file: 'assets/exams-en.js' },
    };
    const table = `const screens = {\n  examDetail: withMessages(() => import('../features/exams/components/exam-detail-screen'), examsMessages),\n};\n`;
    expect(screenFiles(manifest, table, registry)).toEqual({
      examDetail: {
        cn: [
          'assets/index-1.js',
          'assets/app-2.js',
          'assets/shared.js',
          'assets/core-cn.js',
          'assets/exam.js',
          'assets/detail.js',
          'assets/exams-cn.js',
        ],
        en: [
          'assets/index-1.js',
          'assets/app-2.js',
          'assets/shared.js',
          'assets/core-en.js',
          'assets/exam.js',
          'assets/detail.js',
          'assets/exams-en.js',
        ],
      },
    });
  });

  it('stops the build when a screen has no chunk in the manifest', () => {
    const manifest = {
      'index.html': { file: 'assets/index-1.js', isEntry: true },
      'src/app/messages/registry/bundle-cn.ts': { file: 'assets/core-cn.js' },
      'src/app/messages/registry/bundle-en.ts': { file: 'assets/core-en.js' },
    };
    const table = `const screens = {\n  courseList: () => import('../features/courses/components/course-list-screen'),\n};\n`;
    expect(() => screenFiles(manifest, table, registry)).toThrow(
      'the manifest has no chunk for src/features/courses/components/course-list-screen',
    );
  });
});
