/** The enumerations of docs/product.md#enumerations, as const tuples (usable by zod and by plain code). */
export const mediaTypes = [
  'VIDEO',
  'AUDIO',
  'PPT',
  'HTML',
  'DOC',
  'PDF',
  'OTHER',
  'ACTIVITY',
  'EXAM',
  'LIVE',
  'LIVE_NOW',
  'LIVE_COMPLETED',
  'LIVE_RECODE',
  'LAB',
] as const;
export type MediaType = (typeof mediaTypes)[number];

export const mediaConversionStatuses = ['NOT_STARTED', 'RUNNING', 'FAILED'] as const;
export type MediaConversionStatus = (typeof mediaConversionStatuses)[number];

export const quizTypes = ['SINGLE_SELECT', 'MULTI_SELECT', 'TRUE_OR_FALSE', 'FILL_BLANK', 'ASK_AND_ANSWER'] as const;
export type QuizType = (typeof quizTypes)[number];

export const answerStatuses = ['NOT_SUBMITTED', 'PENDING_REVIEW', 'COMPLETED'] as const;
export type AnswerStatus = (typeof answerStatuses)[number];

export const learningStatuses = ['NOT_STARTED', 'LEARNING', 'COMPLETED'] as const;
export type LearningStatus = (typeof learningStatuses)[number];

export const productStatuses = ['DRAFT', 'PUBLISHED', 'UNPUBLISHED', 'CLOSED'] as const;
export type ProductStatus = (typeof productStatuses)[number];

export const searchTypes = ['COURSE', 'PROJECT', 'EXAM', 'LIVE', 'TEACHER'] as const;
export type SearchType = (typeof searchTypes)[number];

export const announcementTypes = ['CLASSROOM'] as const;
export type AnnouncementType = (typeof announcementTypes)[number];

export const genders = ['MALE', 'FEMALE'] as const;
export type Gender = (typeof genders)[number];

/** Sort keys for courses and projects: Latest, Popular, lowest price, highest price. */
export const productSortKeys = ['updatedTime', 'studentCount', 'lowestPrice', 'highestPrice'] as const;
export type ProductSortKey = (typeof productSortKeys)[number];

export const orderStatuses = ['PAID', 'CREATED', 'CANCELED', 'CLOSED'] as const;
export type OrderStatus = (typeof orderStatuses)[number];

/** WITHDRAWN: the learner took the request back before it was decided (ours, beside the spec's three). */
export const refundStatuses = ['CREATED', 'ACCEPTED', 'REFUSED', 'WITHDRAWN'] as const;
export type RefundStatus = (typeof refundStatuses)[number];

export const refundReasons = [
  'WRONG_OR_DUPLICATE_PURCHASE',
  'PRODUCT_UNSUITABLE',
  'NO_TIME_TO_STUDY',
  'UNHAPPY_WITH_MERCHANT_SERVICE',
  'POOR_PLATFORM_EXPERIENCE',
] as const;
export type RefundReason = (typeof refundReasons)[number];

export const tenantStatuses = ['RUNNING', 'STOPPED'] as const;
export type TenantStatus = (typeof tenantStatuses)[number];

/** Tab types with a fixed destination (docs/product.md#tab-bar); any other type uses the tab's url. */
export const tabTypes = [
  'MICRO_PAGE',
  'LEARNING_CENTER',
  'MINE',
  'COURSE_LIST',
  'PROJECT_LIST',
  'EXAM_LIST',
  'URL',
  'LINK',
] as const;
export type TabType = (typeof tabTypes)[number];

/** Route page types (docs/product.md#routes): a tab highlights on the pages of its type. */
export const pageTypes = [
  'MICRO_PAGE',
  'LEARNING_CENTER',
  'MINE',
  'COURSE_LIST',
  'PROJECT_LIST',
  'EXAM_LIST',
  'URL',
] as const;
export type PageType = (typeof pageTypes)[number];

export const locales = ['cn', 'en'] as const;
export type Locale = (typeof locales)[number];

export const currencies = ['CNY', 'USD'] as const;
export type Currency = (typeof currencies)[number];

export const agreementCodes = ['terms', 'privacy', 'about'] as const;
export type AgreementCode = (typeof agreementCodes)[number];

/**
 * Who a micro page component is for: a notice asking visitors to log in means nothing to a
 * signed-in learner, and a learners' notice nothing to a visitor.
 */
export const componentAudiences = ['everyone', 'visitors', 'learners'] as const;
export type ComponentAudience = (typeof componentAudiences)[number];
