import type { z } from 'zod';
import {
  packArticleSchema,
  packClassroomSchema,
  packCouponsSchema,
  packCouponTargets,
  type PackArticle,
  type PackClassroom,
  type PackCoupon,
} from './pack-schema-classrooms.js';
import type { PackLanguage } from './pack-schema.js';
import {
  asList,
  checkLanguages,
  checkUnique,
  field,
  positionOf,
  readChecked,
  readEach,
  type CheckedFile,
  type PackProblem,
  type ParsedFile,
  type Path,
} from './read-pack.js';

/*
 * Reads and checks a pack's classrooms (`classrooms/<uid>.yaml`), articles (`articles/<uid>.yaml`)
 * and coupons (`coupons.yaml`), adding every problem to the pack's list. What they name must be
 * things of the same pack; like the rest of the reader, the checks run on what was written, so a
 * file with other problems is still checked for these.
 */

export interface PackClassroomsRead {
  /** In uid order, as every folder of the pack. */
  classrooms: (PackClassroom & { uid: string })[];
  articles: (PackArticle & { uid: string })[];
  /** In the file's order. */
  coupons: PackCoupon[];
}

/** What the rest of the pack has, by uid: what classrooms and coupons may name. */
export interface KnownUids {
  courses: Set<string>;
  teachers: Set<string>;
  classroomCategories: Set<string>;
}

const problemAt = (parsed: ParsedFile, at: Path, message: string): PackProblem => ({
  file: parsed.file,
  ...positionOf(parsed, at),
  message,
});

/** Each uid of a list as written, with its path: for the checks of unknown and repeated uids. */
const uidsOf = (raw: unknown, key: string): [Path, string][] =>
  asList(field(raw, key)).flatMap((uid, index): [Path, string][] =>
    typeof uid === 'string' ? [[[key, index], uid]] : [],
  );

/** Two moments as written, compared when both are readable (a wrong one is reported by the schema). */
function isNotAfter(later: unknown, earlier: unknown): boolean {
  if (typeof later !== 'string' || typeof earlier !== 'string') return false;
  const [end, start] = [Date.parse(later), Date.parse(earlier)];
  return !Number.isNaN(end) && !Number.isNaN(start) && end <= start;
}

function checkClassroom(parsed: ParsedFile, raw: unknown, known: KnownUids, problems: PackProblem[]): void {
  const category = field(raw, 'category');
  if (typeof category === 'string' && !known.classroomCategories.has(category))
    problems.push(problemAt(parsed, ['category'], `no classroom category "${category}" in the pack`));
  for (const [key, what, uids] of [
    ['courses', 'course', known.courses],
    ['teachers', 'teacher', known.teachers],
  ] as const) {
    const written = uidsOf(raw, key);
    for (const [at, uid] of written) {
      if (!uids.has(uid)) problems.push(problemAt(parsed, at, `no ${what} "${uid}" in the pack`));
    }
    checkUnique(parsed, written, what, problems);
  }
  if (isNotAfter(field(raw, 'enrolEndsAt'), field(raw, 'enrolStartsAt')))
    problems.push(problemAt(parsed, ['enrolEndsAt'], 'the enrolment must end after it starts (enrolStartsAt)'));
  // Oldest first, strictly: export writes them so, and a time names its announcement on import.
  const announcements = asList(field(raw, 'announcements'));
  announcements.forEach((announcement, index) => {
    if (index > 0 && isNotAfter(field(announcement, 'postedAt'), field(announcements[index - 1], 'postedAt'))) {
      problems.push(
        problemAt(
          parsed,
          ['announcements', index, 'postedAt'],
          'announcements go oldest first: this one is not after the one before it',
        ),
      );
    }
  });
}

/** The uids of each kind of product a coupon may name. */
type ProductUids = Record<(typeof packCouponTargets)[number], Set<string>>;

function checkCoupons(parsed: ParsedFile, raw: unknown, products: ProductUids, problems: PackProblem[]): void {
  const coupons = asList(raw);
  checkUnique(
    parsed,
    coupons.flatMap((coupon, index): [Path, string][] => {
      const uid = field(coupon, 'uid');
      return typeof uid === 'string' ? [[[index, 'uid'], uid]] : [];
    }),
    'coupon',
    problems,
  );
  coupons.forEach((coupon, index) => {
    const [discount, amountOff] = [field(coupon, 'discount'), field(coupon, 'amountOff')];
    if (discount === undefined && amountOff === undefined)
      problems.push(problemAt(parsed, [index], 'a coupon takes a "discount" or an "amountOff"'));
    if (discount !== undefined && amountOff !== undefined)
      problems.push(problemAt(parsed, [index, 'amountOff'], 'a coupon takes a "discount" or an "amountOff", not both'));
    const [appliesTo, product] = [field(coupon, 'appliesTo'), field(coupon, 'product')];
    const kind = packCouponTargets.find((target) => target === appliesTo);
    if (kind !== undefined && typeof product === 'string' && !products[kind].has(product))
      problems.push(problemAt(parsed, [index, 'product'], `no ${kind.toLowerCase()} "${product}" in the pack`));
  });
}

/** The value of each file read without problems, with its uid. */
const valuesOf = <T>(files: { uid: string; read: CheckedFile<T> }[]) =>
  files.flatMap(({ uid, read }) => (read.value ? [{ ...read.value, uid }] : []));

export async function readClassroomsArticlesCoupons(
  folder: string,
  languages: readonly PackLanguage[],
  known: KnownUids,
  problems: PackProblem[],
): Promise<PackClassroomsRead> {
  const classroomFiles = await readEach(folder, 'classrooms', { file: true }, packClassroomSchema, problems);
  const articleFiles = await readEach(folder, 'articles', { file: true }, packArticleSchema, problems);
  const coupons = await readChecked(folder, 'coupons.yaml', packCouponsSchema, problems, {
    required: false,
    empty: [] as z.input<typeof packCouponsSchema>,
  });
  for (const file of [...classroomFiles.map((c) => c.read), ...articleFiles.map((a) => a.read), coupons])
    checkLanguages(file.parsed, file.raw, languages, problems);
  for (const { read } of classroomFiles) if (read.parsed) checkClassroom(read.parsed, read.raw, known, problems);
  const products: ProductUids = { COURSE: known.courses, CLASSROOM: new Set(classroomFiles.map((c) => c.uid)) };
  if (coupons.parsed) checkCoupons(coupons.parsed, coupons.raw, products, problems);
  return { classrooms: valuesOf(classroomFiles), articles: valuesOf(articleFiles), coupons: coupons.value ?? [] };
}
