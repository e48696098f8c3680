import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { isMap, isPair, isScalar, isSeq, LineCounter, parseDocument, type Document, type Node } from 'yaml';
import type { z } from 'zod';
import { imageExtensions, imageValues, isPackImagePath, packImageMarker, withImages } from './pack-images.js';
import { playableExtensions, playlistSegments } from './pack-media.js';
import { readClassroomsArticlesCoupons, type PackClassroomsRead } from './read-classrooms.js';
import { checkExams, checkLessonExams, readExamFiles, type PackExamRead } from './read-exams.js';
import {
  packCategoriesSchema,
  packCourseSchema,
  packSchoolSchema,
  packTagsSchema,
  packTeacherSchema,
  packUidSchema,
  type PackCategories,
  type PackCourse,
  type PackLesson,
  type PackLanguage,
  type PackSchool,
  type PackTags,
  type PackTeacher,
} from './pack-schema.js';

/*
 * Reads a school pack folder and checks all of it before anything is written: every problem is
 * reported where it stands (`file:line:column message`, the YAML parser's positions), not just
 * the first, so a school fixes its pack in one round.
 */

export interface PackProblem {
  /** The file's path inside the pack, with forward slashes. */
  file: string;
  line: number;
  column: number;
  message: string;
}

export const formatProblem = (p: PackProblem) => `${p.file}:${p.line}:${p.column} ${p.message}`;

export interface SchoolPack extends PackClassroomsRead {
  school: PackSchool;
  categories: PackCategories;
  tags: PackTags;
  /** In uid order, so a pack reads the same whatever order the file system lists. */
  teachers: (PackTeacher & { uid: string })[];
  /** In uid order; each lesson's and material's files resolved inside the pack. */
  courses: PackCourseRead[];
  /** In uid order. */
  exams: PackExamRead[];
  /** The pictures the pack's files name as files of the pack (each once). */
  images: PackFileRef[];
}

/** A file a course names: its path inside the pack (forward slashes) and on this machine. */
export interface PackFileRef {
  packPath: string;
  absolute: string;
}

export interface PackCourseRead {
  uid: string;
  course: PackCourse;
  /** The files of each lesson by `<chapter uid>/<lesson uid>`, and of each material by index. */
  lessonFiles: Map<string, PackFileRef[]>;
  materialFiles: PackFileRef[];
}

export type ReadResult = { pack: SchoolPack; problems: [] } | { pack: null; problems: PackProblem[] };

/** One parsed file: what it holds and where each of its nodes stands. */
export interface ParsedFile {
  file: string;
  doc: Document;
  lines: LineCounter;
}

export type Path = readonly PropertyKey[];

/** Where `at` stands in the file: the deepest node of the path that exists (a key, for a key). */
export function positionOf(parsed: ParsedFile, at: Path, key?: string): { line: number; column: number } {
  let node: unknown = parsed.doc.contents;
  let offset = (node as Node | null)?.range?.[0] ?? 0;
  const steps = key === undefined ? at : [...at, key];
  for (const [index, step] of steps.entries()) {
    const last = index === steps.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === step);
      if (!pair) break;
      // An unknown key is shown at the key itself; anything else at its value.
      const target = last && key !== undefined ? pair.key : (pair.value ?? pair.key);
      node = target;
      offset = (target as Node).range?.[0] ?? offset;
    } else if (isSeq(node) && typeof step === 'number' && node.items[step] !== undefined) {
      node = node.items[step];
      offset = (node as Node).range?.[0] ?? offset;
    } else break;
  }
  const { line, col } = parsed.lines.linePos(offset);
  return { line, column: col };
}

const describe = (step: PropertyKey | undefined) => (typeof step === 'string' ? `"${step}"` : 'this');

function problemsOf(parsed: ParsedFile, issues: readonly z.core.$ZodIssue[]): PackProblem[] {
  return issues.flatMap((issue): PackProblem[] => {
    const at = (message: string, key?: string) => ({
      file: parsed.file,
      ...positionOf(parsed, issue.path, key),
      message,
    });
    const missing = issue.code !== 'unrecognized_keys' && (!('input' in issue) || issue.input === undefined);
    if (missing) return [at(`${describe(issue.path.at(-1))} is missing`)];
    switch (issue.code) {
      case 'unrecognized_keys':
        return issue.keys.map((key) => at(`unknown key "${key}"`, key));
      case 'invalid_type':
        return [at(`${describe(issue.path.at(-1))}: expected ${issue.expected}`)];
      case 'invalid_union': {
        // A discriminated union names its discriminator and the values it knows.
        const { discriminator, options } = issue as { discriminator?: string; options?: unknown };
        if (discriminator !== undefined && Array.isArray(options))
          return [at(`unknown ${discriminator}: expected one of ${options.join(', ')}`)];
        return [at(`${describe(issue.path.at(-1))}: expected a text (a string, or cn and en texts)`)];
      }
      default:
        return [at(`${describe(issue.path.at(-1))}: ${issue.message}`)];
    }
  });
}

async function readYaml(
  folder: string,
  file: string,
  problems: PackProblem[],
  options: { required: boolean },
): Promise<{ parsed: ParsedFile; value: unknown } | null> {
  let text: string;
  try {
    text = await readFile(path.join(folder, ...file.split('/')), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    if (options.required) problems.push({ file, line: 1, column: 1, message: 'the file is missing' });
    return null;
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const parsed = { file, doc, lines };
  if (doc.errors.length > 0) {
    for (const error of doc.errors) {
      const { line, col } = lines.linePos(error.pos[0]);
      problems.push({ file, line, column: col, message: error.message.split('\n')[0]! });
    }
    return null;
  }
  return { parsed, value: doc.toJS() };
}

/** A file read and checked: its nodes' places, what it holds as written, and as checked (null when wrong). */
export interface CheckedFile<T> {
  parsed: ParsedFile | null;
  raw: unknown;
  value: T | null;
}

export async function readChecked<S extends z.ZodType>(
  folder: string,
  file: string,
  schema: S,
  problems: PackProblem[],
  options: { required: boolean; empty: z.input<S> },
): Promise<CheckedFile<z.output<S>>> {
  const read = await readYaml(folder, file, problems, options);
  if (read === null) {
    const absent = !problems.some((p) => p.file === file);
    return { parsed: null, raw: null, value: absent ? schema.parse(options.empty) : null };
  }
  const raw = read.value ?? options.empty;
  await checkImages(folder, read.parsed, raw, problems);
  const result = schema.safeParse(raw, { reportInput: true });
  if (!result.success) {
    problems.push(...problemsOf(read.parsed, result.error.issues));
    return { parsed: read.parsed, raw, value: null };
  }
  // A picture of the pack is named from here on by its place in the pack.
  const base = path.posix.dirname(read.parsed.file);
  const value = withImages(result.data, (image) =>
    isPackImagePath(image) ? packImageMarker + path.posix.normalize(path.posix.join(base, image)) : image,
  );
  return { parsed: read.parsed, raw, value };
}

/** Each picture a file names as a file of the pack: inside the pack, a picture, and there. */
async function checkImages(folder: string, parsed: ParsedFile, raw: unknown, problems: PackProblem[]): Promise<void> {
  const base = path.posix.dirname(parsed.file);
  for (const { at, value } of imageValues(raw)) {
    if (!isPackImagePath(value)) continue;
    const problem = (message: string) => problems.push({ file: parsed.file, ...positionOf(parsed, at), message });
    const packPath = path.posix.normalize(path.posix.join(base, value));
    if (packPath.startsWith('../') || path.posix.isAbsolute(packPath)) {
      problem(`"${value}" is outside the pack`);
      continue;
    }
    if (!(imageExtensions as readonly string[]).includes(path.posix.extname(packPath).toLowerCase())) continue;
    const info = await stat(path.join(folder, ...packPath.split('/'))).catch(() => null);
    if (info === null || !info.isFile()) problem(`"${value}" is not in the pack`);
  }
}

/** The pictures of the pack (marked by checkImages' caller), each once. */
function packImages(folder: string, pack: Omit<SchoolPack, 'images'>): PackFileRef[] {
  const found = new Map<string, PackFileRef>();
  for (const { value } of imageValues(pack)) {
    if (!value.startsWith(packImageMarker)) continue;
    const packPath = value.slice(packImageMarker.length);
    found.set(packPath, { packPath, absolute: path.join(path.resolve(folder), ...packPath.split('/')) });
  }
  return [...found.values()].sort((a, b) => a.packPath.localeCompare(b.packPath));
}

/**
 * Every `{ cn, en }` text of a file, as written, that lacks a language the school writes, with its
 * path: checked on what was written, so a file with other problems is still checked for these.
 * A text is the only object whose keys are all languages (the schemas are strict).
 */
function missingLanguages(
  value: unknown,
  languages: readonly PackLanguage[],
  at: PropertyKey[] = [],
): [Path, string][] {
  if (Array.isArray(value)) return value.flatMap((item, index) => missingLanguages(item, languages, [...at, index]));
  if (typeof value !== 'object' || value === null) return [];
  const keys = Object.keys(value);
  if (
    keys.length > 0 &&
    Object.entries(value).every(([key, item]) => (key === 'cn' || key === 'en') && typeof item === 'string')
  ) {
    return languages.filter((language) => !keys.includes(language)).map((language) => [at, language]);
  }
  return Object.entries(value).flatMap(([key, item]) => missingLanguages(item, languages, [...at, key]));
}

export function checkLanguages(
  parsed: ParsedFile | null,
  value: unknown,
  languages: readonly PackLanguage[],
  problems: PackProblem[],
) {
  if (parsed === null) return;
  for (const [at, language] of missingLanguages(value, languages)) {
    problems.push({
      file: parsed.file,
      ...positionOf(parsed, at),
      message: `${describe(at.at(-1))} has no ${language} text`,
    });
  }
}

/** Reports a uid used twice in one list of things. */
export function checkUnique(
  parsed: ParsedFile | null,
  entries: [Path, string][],
  what: string,
  problems: PackProblem[],
) {
  if (parsed === null) return;
  const seen = new Set<string>();
  for (const [at, uid] of entries) {
    if (seen.has(uid))
      problems.push({ file: parsed.file, ...positionOf(parsed, at), message: `${what} uid "${uid}" is used twice` });
    seen.add(uid);
  }
}

export const asList = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
export const field = (value: unknown, key: string): unknown =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>)[key] : undefined;

/** The uids of a category tree as written, with their paths, and the nodes deeper than three levels. */
export function walkCategories(
  nodes: unknown,
  at: PropertyKey[],
  level = 1,
): { uids: [Path, string][]; tooDeep: Path[] } {
  const uids: [Path, string][] = [];
  const tooDeep: Path[] = [];
  asList(nodes).forEach((node, index) => {
    const here = [...at, index];
    const uid = field(node, 'uid');
    if (typeof uid === 'string') uids.push([[...here, 'uid'], uid]);
    if (level > 3) tooDeep.push(here);
    const below = walkCategories(field(node, 'children'), [...here, 'children'], level + 1);
    uids.push(...below.uids);
    tooDeep.push(...below.tooDeep);
  });
  return { uids, tooDeep };
}

/**
 * The things of a folder kept one per uid (`teachers/<uid>.yaml`, `courses/<uid>/course.yaml`),
 * in uid order, each read and checked; a name that is not a uid is a problem.
 */
export async function readEach<S extends z.ZodType>(
  folder: string,
  dir: string,
  /** Each thing is a file `<uid>.yaml`, or a folder `<uid>/` holding this file. */
  each: { file: true } | { folderFile: string },
  schema: S,
  problems: PackProblem[],
): Promise<{ uid: string; read: CheckedFile<z.output<S>> }[]> {
  const entries = await readdir(path.join(folder, dir), { withFileTypes: true }).catch(() => []);
  const uids = entries
    .filter((entry) => ('file' in each ? entry.isFile() && entry.name.endsWith('.yaml') : entry.isDirectory()))
    .map((entry) => entry.name.replace(/\.yaml$/, ''))
    .sort();
  const read: { uid: string; read: CheckedFile<z.output<S>> }[] = [];
  for (const uid of uids) {
    const file = 'file' in each ? `${dir}/${uid}.yaml` : `${dir}/${uid}/${each.folderFile}`;
    if (!packUidSchema.safeParse(uid).success) {
      problems.push({
        file,
        line: 1,
        column: 1,
        message: `the name "${uid}" is not a uid (lower-case letters, digits and dashes)`,
      });
    }
    read.push({ uid, read: await readChecked(folder, file, schema, problems, { required: true, empty: {} as never }) });
  }
  return read;
}

/** A course's category, tags and teachers must be things the pack has. */
function checkCourseReferences(
  parsed: ParsedFile,
  raw: unknown,
  known: { categories: Set<string>; tags: Set<string>; teachers: Set<string> },
  problems: PackProblem[],
): void {
  const missing = (at: Path, what: string, uid: string) =>
    problems.push({ file: parsed.file, ...positionOf(parsed, at), message: `no ${what} "${uid}" in the pack` });
  const category = field(raw, 'category');
  if (typeof category === 'string' && !known.categories.has(category))
    missing(['category'], 'course category', category);
  for (const [key, what, set] of [
    ['tags', 'tag', known.tags],
    ['teachers', 'teacher', known.teachers],
  ] as const) {
    asList(field(raw, key)).forEach((uid, index) => {
      if (typeof uid === 'string' && !set.has(uid)) missing([key, index], what, uid);
    });
  }
  const chapters = asList(field(raw, 'chapters'));
  checkUnique(
    parsed,
    chapters.flatMap((chapter, index): [Path, string][] => {
      const uid = field(chapter, 'uid');
      return typeof uid === 'string' ? [[['chapters', index, 'uid'], uid]] : [];
    }),
    'chapter',
    problems,
  );
  checkUnique(
    parsed,
    chapters.flatMap((chapter, c) =>
      asList(field(chapter, 'lessons')).flatMap((lesson, l): [Path, string][] => {
        const uid = field(lesson, 'uid');
        return typeof uid === 'string' ? [[['chapters', c, 'lessons', l, 'uid'], uid]] : [];
      }),
    ),
    'lesson',
    problems,
  );
}

/**
 * Resolves every file a course names, relative to its course.yaml, and reports the ones that
 * leave the pack, are missing, or are of a kind their lesson cannot play. An HLS playlist brings
 * the segments it lists.
 */
async function checkCourseFiles(
  folder: string,
  parsed: ParsedFile,
  raw: unknown,
  problems: PackProblem[],
): Promise<Pick<PackCourseRead, 'lessonFiles' | 'materialFiles'>> {
  const root = path.resolve(folder);
  const base = path.posix.dirname(parsed.file);
  const problem = (at: Path, message: string) =>
    problems.push({ file: parsed.file, ...positionOf(parsed, at), message });

  async function resolve(at: Path, written: unknown, playable: readonly string[] | null): Promise<PackFileRef[]> {
    if (typeof written !== 'string') return [];
    const packPath = path.posix.normalize(path.posix.join(base, written));
    if (packPath.startsWith('../') || path.posix.isAbsolute(packPath)) {
      problem(at, `"${written}" is outside the pack`);
      return [];
    }
    const extension = path.posix.extname(packPath).toLowerCase();
    if (playable !== null && !playable.includes(extension)) {
      problem(
        at,
        `"${written}": this lesson plays ${playable.join(', ')} files, not ${extension || 'a file without extension'}`,
      );
      return [];
    }
    const absolute = path.join(root, ...packPath.split('/'));
    const info = await stat(absolute).catch(() => null);
    if (info === null || !info.isFile()) {
      problem(at, `"${written}" is not in the pack`);
      return [];
    }
    const file = { packPath, absolute };
    if (extension !== '.m3u8') return [file];
    const segments = playlistSegments(await readFile(absolute, 'utf8'));
    const found: PackFileRef[] = [file];
    for (const segment of segments) {
      if (segment.includes('/') || segment.includes('\\')) {
        problem(
          at,
          `"${written}" names the segment "${segment}" in another folder: keep segments beside their playlist`,
        );
        continue;
      }
      const segmentPath = path.posix.join(path.posix.dirname(packPath), segment);
      const segmentFile = path.join(root, ...segmentPath.split('/'));
      if (
        !(await stat(segmentFile).then(
          (s) => s.isFile(),
          () => false,
        ))
      ) {
        problem(at, `"${written}" names the segment "${segment}", which is not in the pack`);
        continue;
      }
      found.push({ packPath: segmentPath, absolute: segmentFile });
    }
    return found;
  }

  const lessonFiles = new Map<string, PackFileRef[]>();
  for (const [c, chapter] of asList(field(raw, 'chapters')).entries()) {
    for (const [l, lesson] of asList(field(chapter, 'lessons')).entries()) {
      const at = ['chapters', c, 'lessons', l];
      const type = field(lesson, 'type');
      if (typeof type !== 'string') continue;
      const playable = playableExtensions(type as PackLesson['type']);
      const files =
        type === 'PPT'
          ? (
              await Promise.all(
                asList(field(lesson, 'slides')).map((slide, i) => resolve([...at, 'slides', i], slide, playable)),
              )
            ).flat()
          : await resolve([...at, 'file'], field(lesson, 'file'), playable);
      lessonFiles.set(`${String(field(chapter, 'uid'))}/${String(field(lesson, 'uid'))}`, files);
    }
  }
  const materialFiles: PackFileRef[] = [];
  for (const [i, material] of asList(field(raw, 'materials')).entries()) {
    materialFiles.push(...(await resolve(['materials', i, 'file'], field(material, 'file'), null)));
  }
  return { lessonFiles, materialFiles };
}

export async function readPack(folder: string): Promise<ReadResult> {
  const problems: PackProblem[] = [];
  const school = await readChecked(folder, 'school.yaml', packSchoolSchema, problems, {
    required: true,
    empty: {} as never,
  });
  const categories = await readChecked(folder, 'categories.yaml', packCategoriesSchema, problems, {
    required: false,
    empty: {},
  });
  const tags = await readChecked(folder, 'tags.yaml', packTagsSchema, problems, { required: false, empty: [] });

  const teacherFiles = await readEach(folder, 'teachers', { file: true }, packTeacherSchema, problems);
  const teachers = teacherFiles.flatMap(({ uid, read }) => (read.value ? [{ uid, ...read.value }] : []));
  const courseFiles = await readEach(folder, 'courses', { folderFile: 'course.yaml' }, packCourseSchema, problems);
  const examFiles = await readExamFiles(folder, problems);

  // What spans files, or a file's own structure: checked on what was written, so these are
  // found together with a file's other problems.
  const languages = school.value?.languages ?? ['cn', 'en'];
  for (const file of [
    school,
    categories,
    tags,
    ...teacherFiles.map((t) => t.read),
    ...courseFiles.map((c) => c.read),
    ...examFiles.map((e) => e.read),
  ])
    checkLanguages(file.parsed, file.raw, languages, problems);

  if (school.parsed) {
    const parsed = school.parsed;
    const pages = field(school.raw, 'pages');
    asList(field(school.raw, 'tabs')).forEach((tab, index) => {
      const at = ['tabs', index];
      const page = field(tab, 'page');
      if (field(tab, 'type') === 'MICRO_PAGE' && page === undefined) {
        problems.push({
          file: parsed.file,
          ...positionOf(parsed, at),
          message: 'a MICRO_PAGE tab names its page ("page")',
        });
      }
      if (typeof page === 'string' && field(pages, page) === undefined) {
        problems.push({
          file: parsed.file,
          ...positionOf(parsed, [...at, 'page']),
          message: `no page "${page}" in "pages"`,
        });
      }
    });
  }
  if (categories.parsed) {
    for (const tree of ['courses', 'classrooms'] as const) {
      const walked = walkCategories(field(categories.raw, tree), [tree]);
      checkUnique(categories.parsed, walked.uids, 'category', problems);
      for (const at of walked.tooDeep) {
        problems.push({
          file: categories.parsed.file,
          ...positionOf(categories.parsed, at),
          message: 'categories go three levels deep at most',
        });
      }
    }
  }
  const tagUids = asList(tags.raw).flatMap((tag, index): [Path, string][] => {
    const uid = field(tag, 'uid');
    return typeof uid === 'string' ? [[[index, 'uid'], uid]] : [];
  });
  checkUnique(tags.parsed, tagUids, 'tag', problems);

  const known = {
    categories: new Set(walkCategories(field(categories.raw, 'courses'), []).uids.map(([, uid]) => uid)),
    tags: new Set(tagUids.map(([, uid]) => uid)),
    teachers: new Set(teacherFiles.map((t) => t.uid)),
  };
  const examUids = new Set(examFiles.map((e) => e.uid));
  const courses: PackCourseRead[] = [];
  for (const { uid, read } of courseFiles) {
    if (read.parsed === null) continue;
    checkCourseReferences(read.parsed, read.raw, known, problems);
    checkLessonExams(read.parsed, read.raw, examUids, problems);
    const files = await checkCourseFiles(folder, read.parsed, read.raw, problems);
    if (read.value) courses.push({ uid, course: read.value, ...files });
  }
  const classroomsArticlesCoupons = await readClassroomsArticlesCoupons(
    folder,
    languages,
    {
      courses: new Set(courseFiles.map((c) => c.uid)),
      teachers: known.teachers,
      classroomCategories: new Set(walkCategories(field(categories.raw, 'classrooms'), []).uids.map(([, uid]) => uid)),
    },
    problems,
  );
  const exams = checkExams(
    examFiles,
    { courses: new Set(courseFiles.map((c) => c.uid)), teachers: known.teachers },
    problems,
  );

  if (problems.length > 0 || !school.value || !categories.value || !tags.value) {
    return { pack: null, problems: problems.sort(byPosition) };
  }
  const pack = {
    school: school.value,
    categories: categories.value,
    tags: tags.value,
    teachers,
    courses,
    exams,
    ...classroomsArticlesCoupons,
  };
  return { pack: { ...pack, images: packImages(folder, pack) }, problems: [] };
}

const byPosition = (a: PackProblem, b: PackProblem) =>
  a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column;
