/**
 * The error catalogue (docs/product.md#error-catalogue), declared once. The server answers every failure with
 * `{ code, message }` where `code` is one of these keys and the HTTP status is the one
 * given here; the client turns the code back into text in the learner's language.
 */
export const errorCatalogue = {
  // Generic, keyed by HTTP status (used when a failure has no more specific code).
  badRequest: 400,
  validationFailed: 400,
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  tooManyRequests: 429,
  internalServerError: 500,
  badGateway: 502,
  /** Ours: the process is too busy to take the request now (Retry-After says when to try again). */
  serviceUnavailable: 503,

  badCredential: 400,
  sessionExpired: 401,
  userDisabled: 403,
  ipBlocked: 403,
  tenantStopped: 403,
  invalidDomainName: 400,
  afsValidateFailed: 400,

  // Membership
  notCourseMember: 403,
  notClassroomMember: 403,
  notExamMember: 403,

  // Permission
  noPermissionModifyComment: 403,
  noPermissionQuitCourse: 403,
  noPermissionJoinCourse: 403,
  noPermissionSearchOrders: 403,
  noPermission: 403,

  // Not found
  userNotFound: 404,
  courseCategoryNotFound: 404,
  courseNotFound: 404,
  threadNotFound: 404,
  questionNotFound: 404,
  testpaperNotFound: 404,
  testpaperAnswerNotFound: 404,
  testpaperReviewNotFound: 404,
  examAnswerNotFound: 404,
  homeworkAnswerNotFound: 404,
  orderNotFound: 404,
  orderRefundNotFound: 404,
  paymentConfigNotFound: 404,
  classroomNotFound: 404,
  certificateCategoryNotFound: 404,
  certificateNotFound: 404,
  headlineNotFound: 404,
  questionAnswerNotFound: 404,
  lessonNotFound: 404,
  questionBankNotFound: 404,
  examNotFound: 404,
  articleNotFound: 404,
  announcementNotFound: 404,
  pageNotFound: 404,
  agreementNotFound: 404,

  invalidOrderStatus: 409,
  /** An order's idempotency key sent again for another product or coupon: the key names one request. */
  orderKeyReused: 409,

  // Duplicates
  courseCategoryCodeExisted: 409,
  articleCategoryCodeExisted: 409,
  certificateCategoryCodeExisted: 409,
  certificateCodeExisted: 409,
  courseCommentExisted: 409,
  pageCodeExisted: 409,
  serialNumberExisted: 409,
  userExisted: 409,
  memberExisted: 409,
  usernameTaken: 409,
  phoneBound: 409,

  tooManyParticipants: 409,

  // SMS
  smsCodeNotSent: 400,
  smsCodeWrong: 400,
  smsSendFailed: 502,
  smsCodeExpired: 400,

  quizTypeNotFound: 400,
  courseNotPublished: 403,
  classroomNotPublished: 403,
  liveLoadFailed: 502,
  liveDeleteFailed: 500,
  invalidCertSerial: 400,

  // Exams
  examNotPublished: 403,
  examExpired: 403,
  examChargeModeNotSupported: 400,
  progressNotAchieve: 403,
  examAnswerNotSubmitExisted: 409,
  examAnsweringRepeatOver: 409,
  examHasEnded: 403,
  examNotStarted: 403,

  lessonLocked: 403,
  memberExpired: 403,
  conversionNotCompleted: 409,

  // OAuth binding
  oauthUserNotFound: 404,
  oauthPhoneAbnormal: 400,

  // Ours: account security (email and WeChat binding, docs/product.md#account-and-security)
  /** The email belongs to another account of the school. */
  emailBound: 409,
  /** An email link never sent, already used, replaced by a newer one, or expired. */
  emailLinkInvalid: 400,
  /** The server sends no mail (EMAIL_PROVIDER=off): no email can be bound. */
  emailUnavailable: 403,
  /** The WeChat account is bound to another account of the school. */
  wechatBound: 409,
  /** Unbinding would leave the account with no way to log in (no password, no phone). */
  lastSignInMethod: 409,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorCatalogue;

// Pure: a browser build that reads only the status texts leaves the catalogue out (issue 28).
export const errorCodes = /* @__PURE__ */ Object.keys(errorCatalogue) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(errorCatalogue, value);
}

export function statusOf(code: ErrorCode): number {
  return errorCatalogue[code];
}

/** The text keys of the status texts (docs/product.md#error-catalogue), chosen by HTTP status when a response has no code. */
export const statusTextKeys = {
  400: 'status.400',
  401: 'status.401',
  403: 'status.403',
  404: 'status.404',
  409: 'status.409',
  429: 'status.429',
  500: 'status.500',
  502: 'status.502',
} as const;

export type StatusTextKey = (typeof statusTextKeys)[keyof typeof statusTextKeys] | 'status.default';

export function statusTextKey(status: number | undefined): StatusTextKey {
  if (status !== undefined && status in statusTextKeys) {
    return statusTextKeys[status as keyof typeof statusTextKeys];
  }
  return 'status.default';
}

/** The body of every failed response. `field` names the offending input on 400s. */
export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  field?: string;
  /** Message id of the violated validation rule (see validation.ts). */
  rule?: string;
}
