import { notificationKinds } from '@school/contract/notifications';
import { z } from 'zod';
import { agreementCodes, componentAudiences, currencies, tabTypes, tenantStatuses } from '@school/contract/enums';
import { answersVisibleValues } from '../db/schema.js';

/*
 * The school pack's files as a person writes them (docs/school-pack.md). Every object is strict,
 * so a misspelt key is reported where it stands instead of being dropped. The schemas describe
 * the text only (no transforms): the JSON Schema editors use is generated from them, and the
 * importer turns a checked pack into rows.
 */

export const packLanguages = ['cn', 'en'] as const;
export type PackLanguage = (typeof packLanguages)[number];

/**
 * A text a learner sees: one string for every language, or a text per language. Which
 * languages an object must hold is the school's `languages` (checked by the reader).
 */
export const packTextSchema = z.union([
  z.string().min(1),
  z.strictObject({ cn: z.string().min(1).optional(), en: z.string().min(1).optional() }),
]);
export type PackText = z.infer<typeof packTextSchema>;

/** A pack's own name for a thing: kept when re-imported, so a changed pack updates in place. */
export const packUidSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'a uid is lower-case letters, digits and dashes (at most 64)');

/**
 * A picture shown to every visitor: a file of the pack (a path relative to the YAML file: the
 * import stores it, pack-images.ts), a path on this site, or an https address.
 */
export const packImageSchema = z
  .string()
  .regex(
    /^(\/\S+|https:\/\/\S+|[^\s/][^\s]*\.(png|jpe?g|webp|gif|svg))$/i,
    'an image is a file of the pack (.png, .jpg, .webp, .gif or .svg), a path on this site (starting with /) or an https:// address',
  );

const hostSchema = z
  .string()
  .regex(/^[a-z0-9.-]+(:\d+)?$/, 'a host name is lower-case letters, digits, dots and dashes, with an optional :port');

const componentLink = z.string().max(2000);
/** `visitors` or `learners` shows a component only to those; left out, to everyone. */
const audience = { audience: z.enum(componentAudiences).optional() };

/** The micro page components of the contract (`shell.ts`), with texts in the pack's form. */
export const packComponentSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('banner'),
    ...audience,
    items: z.array(z.strictObject({ image: packImageSchema, alt: packTextSchema, link: componentLink.nullable() })),
  }),
  z.strictObject({ kind: z.literal('searchBar'), ...audience, placeholder: packTextSchema }),
  z.strictObject({
    kind: z.literal('navGrid'),
    ...audience,
    items: z.array(z.strictObject({ icon: packImageSchema, label: packTextSchema, link: componentLink })),
  }),
  z.strictObject({ kind: z.literal('richText'), ...audience, html: packTextSchema }),
  z.strictObject({
    kind: z.literal('imageAd'),
    ...audience,
    image: packImageSchema,
    alt: packTextSchema,
    link: componentLink.nullable(),
    aspectRatio: z.number().positive(),
  }),
  z.strictObject({
    kind: z.enum(['courseList', 'classroomList', 'examList', 'articleList']),
    ...audience,
    title: packTextSchema,
    rule: z.enum(['recommended', 'latest', 'popular']),
    limit: z.number().int().min(1).max(20),
  }),
]);

export const packTabSchema = z.strictObject({
  type: z.enum(tabTypes),
  name: packTextSchema,
  icon: packImageSchema,
  activeIcon: packImageSchema,
  /** MICRO_PAGE tabs: the key of one of the school's `pages`. */
  page: packUidSchema.optional(),
  /** Tabs of other types: where they lead. */
  url: z.string().max(2000).optional(),
  activeColor: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, 'a colour is written #rrggbb')
    .optional(),
});

export const packSchoolSchema = z.strictObject({
  name: packTextSchema,
  slogan: packTextSchema,
  favicon: packImageSchema,
  /** The host names this school answers; the first one names it in `export`. */
  hosts: z.array(hostSchema).min(1),
  /** The school that answers host names no school lists (one per database). */
  default: z.boolean().default(false),
  /** The languages every text given per language must have. */
  languages: z.array(z.enum(packLanguages)).min(1).default(['cn', 'en']),
  currency: z.enum(currencies).default('CNY'),
  status: z.enum(tenantStatuses).default('RUNNING'),
  /** What the school turns on (docs/product.md#layout-load). */
  features: z
    .strictObject({
      search: z.boolean().default(true),
      articles: z.boolean().default(true),
      courseComments: z.boolean().default(true),
    })
    .default({ search: true, articles: true, courseComments: true }),
  access: z
    .strictObject({
      /** The mobile web app is open (enableWap, docs/product.md#access-gating). */
      mobile: z.boolean().default(true),
      /** Visitors may look around before logging in (enableOpenAccess). */
      openAccess: z.boolean().default(true),
      blockedIps: z.array(z.string()).default([]),
    })
    .default({ mobile: true, openAccess: true, blockedIps: [] }),
  logo: packImageSchema.optional(),
  wechatOfficialAccount: z.strictObject({ enabled: z.boolean() }).default({ enabled: false }),
  adminPort: z.number().int().min(1).max(65535).nullable().default(null),
  payment: z
    .strictObject({
      methods: z.array(z.enum(['WECHAT', 'ALIPAY'])).default(['WECHAT', 'ALIPAY']),
      minutesToPay: z.number().int().min(1).max(10080).default(30),
      /** Days after payment in which a learner may ask for a refund; 0: no refunds. */
      refundDays: z.number().int().min(0).max(365).default(7),
      /** A learner may ask for part of what they paid back; otherwise a refund is of the whole amount. */
      partialRefunds: z.boolean().default(false),
    })
    .default({ methods: ['WECHAT', 'ALIPAY'], minutesToPay: 30, refundDays: 7, partialRefunds: false }),
  /**
   * WeChat template messages (docs/product.md#notifications): for each kind of notification, the
   * id of the template the school set up in its official account. A learner signed in with WeChat
   * then also gets it in WeChat; a kind without one is told in the app only.
   */
  notifications: z
    .strictObject({
      wechatTemplates: z.partialRecord(z.enum(notificationKinds), z.string().trim().min(1).max(128)),
    })
    .optional(),
  /** Agreement texts are HTML, sanitized when imported. */
  agreements: z.partialRecord(
    z.enum(agreementCodes),
    z.strictObject({ title: packTextSchema, content: packTextSchema }),
  ),
  pages: z.record(packUidSchema, z.strictObject({ title: packTextSchema, components: z.array(packComponentSchema) })),
  tabs: z.array(packTabSchema).min(1).max(5),
});
export type PackSchool = z.output<typeof packSchoolSchema>;

export const packTeacherSchema = z.strictObject({
  name: packTextSchema,
  title: packTextSchema,
  introduction: packTextSchema.optional(),
  avatar: packImageSchema.optional(),
});
export type PackTeacher = z.output<typeof packTeacherSchema>;

export interface PackCategoryNode {
  uid: string;
  name: PackText;
  children?: PackCategoryNode[] | undefined;
}
const packCategoryNodeSchema: z.ZodType<PackCategoryNode> = z.lazy(() =>
  z.strictObject({ uid: packUidSchema, name: packTextSchema, children: z.array(packCategoryNodeSchema).optional() }),
);

/** Course categories (three levels at most) and classroom categories, in the order shown. */
export const packCategoriesSchema = z.strictObject({
  courses: z.array(packCategoryNodeSchema).default([]),
  classrooms: z.array(packCategoryNodeSchema).default([]),
});
export type PackCategories = z.output<typeof packCategoriesSchema>;

export const packTagsSchema = z.array(z.strictObject({ uid: packUidSchema, name: packTextSchema }));
export type PackTags = z.output<typeof packTagsSchema>;

/**
 * A file of the pack, by its path relative to the YAML file that names it (`../../media/a.mp4`
 * reaches a folder shared by courses); it must stay inside the pack.
 */
export const packFileSchema = z
  .string()
  .regex(/^[^\\:*?"<>|]+$/, 'a file is a relative path with forward slashes')
  .refine((value) => !value.startsWith('/'), 'a file is a path relative to the YAML file, not an absolute one');

/** An amount of money in yuan or dollars, cents at most. */
export const packMoneySchema = z
  .number()
  .min(0)
  .max(1_000_000)
  .refine(
    (value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
    'a price has two decimals at most',
  );

/** A moment: an ISO 8601 date and time with its offset (`2027-03-01T19:00:00+08:00`). */
export const packMomentSchema = z.iso.datetime({ offset: true });

/** An option's letter: A for the first option, B for the second, and so on. */
const optionLetterSchema = z.string().regex(/^[A-Z]$/, 'an answer is an option letter: A for the first option');
/** A text a blank accepts; numbers are written as they are (`answer: [6]`). */
const blankTextSchema = z.union([z.string().min(1), z.number()]);

const questionCommon = {
  /** Whole points, more than 0. */
  points: z.number().int().positive(),
  /** HTML, sanitized; a FILL_BLANK stem marks each blank with `{{blank}}`. */
  stem: packTextSchema,
};
/** Why the answer is right, shown with the result (HTML, sanitized). */
const analysis = packTextSchema.optional();

/**
 * A question of a paper (docs/product.md#enumerations quiz types): options are texts in order, lettered A, B, C…; the
 * answer is what a learner must give (decision 012 scores it).
 */
export const packQuestionSchema = z.discriminatedUnion('type', [
  z.strictObject({
    type: z.enum(['SINGLE_SELECT', 'MULTI_SELECT']),
    ...questionCommon,
    options: z
      .array(packTextSchema)
      .min(2, 'a question to choose in has two options at least')
      .max(26, 'a question has 26 options at most (A to Z)'),
    /** SINGLE_SELECT: one letter; MULTI_SELECT: the list of right letters. */
    answer: z.union([optionLetterSchema, z.array(optionLetterSchema).min(1)]),
    analysis,
  }),
  z.strictObject({
    type: z.literal('TRUE_OR_FALSE'),
    ...questionCommon,
    /** The texts of true and false, in that order; left out: 对 / 错, True / False. */
    options: z.array(packTextSchema).length(2, 'two options: the texts of true and false').optional(),
    answer: z.boolean(),
    analysis,
  }),
  z.strictObject({
    type: z.literal('FILL_BLANK'),
    ...questionCommon,
    /** Per blank, in order: the text it accepts, or a list of the texts it accepts. */
    answer: z.array(z.union([blankTextSchema, z.array(blankTextSchema).min(1)])).min(1),
    analysis,
  }),
  z.strictObject({
    type: z.literal('ASK_AND_ANSWER'),
    ...questionCommon,
    /** A reference answer for the reviewer (plain text); a reviewer gives the points. */
    answer: packTextSchema.optional(),
    analysis,
  }),
]);
export type PackQuestion = z.output<typeof packQuestionSchema>;

/** Homework on a lesson: a paper a member hands in once. */
export const packHomeworkSchema = z.strictObject({
  title: packTextSchema,
  /** Each learner gets the questions in an order of their own. */
  shuffle: z.boolean().default(false),
  questions: z.array(packQuestionSchema).min(1),
});
export type PackHomework = z.output<typeof packHomeworkSchema>;

const lessonCommon = {
  uid: packUidSchema,
  title: packTextSchema,
  /** Visitors may play it before joining the course. */
  freeTrial: z.boolean().default(false),
  homework: packHomeworkSchema.optional(),
};

/** What a lesson is, by its type (docs/product.md#enumerations media types), with what each type needs. */
export const packLessonSchema = z.discriminatedUnion('type', [
  z.strictObject({
    ...lessonCommon,
    type: z.literal('VIDEO'),
    /** An mp4 file, or an HLS playlist (`.m3u8`) with its segments beside it. */
    file: packFileSchema,
    /** Seconds; measured from the file when left out. */
    duration: z.number().int().positive().optional(),
  }),
  z.strictObject({
    ...lessonCommon,
    type: z.enum(['AUDIO', 'LIVE_RECODE']),
    file: packFileSchema,
    duration: z.number().int().positive().optional(),
    /** LIVE_RECODE: when the live lesson it records took place. */
    startsAt: packMomentSchema.optional(),
  }),
  z.strictObject({
    ...lessonCommon,
    type: z.enum(['PDF', 'DOC']),
    /** A PDF (a DOC lesson shows its document as a PDF). */
    file: packFileSchema,
    pages: z.number().int().positive().optional(),
  }),
  z.strictObject({ ...lessonCommon, type: z.literal('PPT'), slides: z.array(packFileSchema).min(1) }),
  z.strictObject({ ...lessonCommon, type: z.literal('OTHER'), file: packFileSchema }),
  z.strictObject({ ...lessonCommon, type: z.literal('HTML'), content: packTextSchema }),
  z.strictObject({
    ...lessonCommon,
    type: z.enum(['LIVE', 'LIVE_NOW', 'LIVE_COMPLETED']),
    startsAt: packMomentSchema,
    /** The live room. */
    url: z.url({ protocol: /^https?$/ }),
    /** Planned seconds. */
    duration: z.number().int().positive().optional(),
  }),
  z.strictObject({
    ...lessonCommon,
    type: z.literal('ACTIVITY'),
    startsAt: packMomentSchema,
    seats: z.number().int().positive().optional(),
    address: packTextSchema.optional(),
  }),
  z.strictObject({ ...lessonCommon, type: z.literal('EXAM'), exam: packUidSchema }),
  z.strictObject({
    ...lessonCommon,
    type: z.literal('LAB'),
    url: z.url({ protocol: /^https?$/ }),
    content: packTextSchema.optional(),
  }),
]);
export type PackLesson = z.output<typeof packLessonSchema>;

/** `exams/<uid>/exam.yaml`: an exam and its paper. */
export const packExamSchema = z.strictObject({
  title: packTextSchema,
  cover: packImageSchema,
  /** HTML, sanitized when imported. */
  brief: packTextSchema.optional(),
  status: z.enum(['DRAFT', 'PUBLISHED', 'CLOSED']).default('PUBLISHED'),
  price: packMoneySchema.default(0),
  originalPrice: packMoneySchema.optional(),
  /** Left out: it can be taken from any time, until any time. */
  startsAt: packMomentSchema.optional(),
  endsAt: packMomentSchema.optional(),
  /** Minutes per attempt; left out: no time limit. */
  duration: z.number().int().positive().optional(),
  /** The paper's points; when given, the questions' points must add up to it. */
  totalScore: z.number().int().positive().optional(),
  passScore: z.number().int().min(0),
  /** Attempts a learner may make; null or left out: unlimited. */
  attempts: z.number().int().positive().nullable().optional(),
  /** A closed exam lets learners in only until `lateLimit` minutes after its start. */
  closedExam: z.boolean().default(false),
  lateLimit: z.number().int().positive().optional(),
  /** Its place among the recommended exams (1 first); left out: not recommended. */
  recommended: z.number().int().positive().optional(),
  /** When a learner sees the right answers and the analysis (decision 012). */
  answersVisible: z.enum(answersVisibleValues).default('AFTER_SUBMIT'),
  /** Progress a learner needs in a course of the pack before starting. */
  requires: z.strictObject({ course: packUidSchema, progress: z.number().int().min(1).max(100) }).optional(),
  /** Teachers of the pack who review the open answers, in the order shown. */
  reviewers: z.array(packUidSchema).default([]),
  /** Each attempt gets the questions in an order of its own. */
  shuffle: z.boolean().default(false),
  questions: z.array(packQuestionSchema).min(1),
});
export type PackExam = z.output<typeof packExamSchema>;

export const packCourseSchema = z.strictObject({
  title: packTextSchema,
  subtitle: packTextSchema.optional(),
  cover: packImageSchema,
  /** HTML, sanitized when imported. */
  about: packTextSchema.optional(),
  /** The uid of a course category of categories.yaml. */
  category: packUidSchema.optional(),
  tags: z.array(packUidSchema).default([]),
  teachers: z.array(packUidSchema).default([]),
  status: z.enum(['DRAFT', 'PUBLISHED', 'CLOSED']).default('PUBLISHED'),
  price: packMoneySchema.default(0),
  originalPrice: packMoneySchema.optional(),
  /** How long a membership lasts: for ever, long-term, some days from joining, or until a day. */
  validity: z
    .union([
      z.enum(['unlimited', 'long-term']),
      z.strictObject({ days: z.number().int().positive() }),
      z.strictObject({ until: packMomentSchema }),
    ])
    .default('unlimited'),
  learnInOrder: z.boolean().default(false),
  /** Its place among the recommended courses (1 first); left out: not recommended. */
  recommended: z.number().int().positive().optional(),
  /** Files members download from the course (lecture materials). */
  materials: z.array(z.strictObject({ title: packTextSchema, file: packFileSchema })).default([]),
  /** In order; a course being prepared may have none yet. */
  chapters: z.array(
    z.strictObject({ uid: packUidSchema, title: packTextSchema, lessons: z.array(packLessonSchema).min(1) }),
  ),
});
export type PackCourse = z.output<typeof packCourseSchema>;
