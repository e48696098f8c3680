// Without zod, so that a screen that only names a rule (a form's own check, before its
// validation code has arrived) does not download the schemas with it (decision 027).
/**
 * The validation rules of docs/product.md#validation-rules. Each rule fails with its own message id; the web app
 * translates the id, the server sends it back as `rule` beside `code: validationFailed`,
 * so both sides refuse the same input with the same message.
 */
export const ruleIds = {
  usernameRequired: 'rule.username.required',
  usernameLength: 'rule.username.length',
  usernameChars: 'rule.username.chars',
  usernameEdge: 'rule.username.edge',
  usernamePhoneLike: 'rule.username.phoneLike',
  usernameTaken: 'rule.username.taken',
  passwordRequired: 'rule.password.required',
  passwordLength: 'rule.password.length',
  passwordChars: 'rule.password.chars',
  passwordMismatch: 'rule.password.mismatch',
  confirmPasswordRequired: 'rule.password.confirmRequired',
  loginIdRequired: 'rule.login.idRequired',
  agreementRequired: 'rule.agreement.required',
  phoneRequired: 'rule.phone.required',
  phoneInvalid: 'rule.phone.invalid',
  phoneBound: 'rule.phone.bound',
  codeInvalid: 'rule.code.invalid',
  emailRequired: 'rule.email.required',
  emailInvalid: 'rule.email.invalid',
  emailBound: 'rule.email.bound',
  nicknameRequired: 'rule.nickname.required',
  commentRequired: 'rule.comment.required',
  commentScoreRequired: 'rule.comment.scoreRequired',
  noteRequired: 'rule.note.required',
  threadTitleRequired: 'rule.thread.titleRequired',
  threadContentRequired: 'rule.thread.contentRequired',
  answerRequired: 'rule.thread.answerRequired',
  refundReasonRequired: 'rule.refund.reasonRequired',
  avatarTooBig: 'rule.avatar.tooBig',
  avatarCompressFailed: 'rule.avatar.compressFailed',
  /** The bytes are not a PNG, JPEG, WebP or GIF image, or not the type the upload declared. */
  avatarType: 'rule.avatar.type',
  uploadTooBig: 'rule.upload.tooBig',
  /** The bytes are not of an accepted type (images, PDF), or not the type the upload declared. */
  uploadType: 'rule.upload.type',
  addressNameEmpty: 'rule.address.nameEmpty',
  addressPhoneInvalid: 'rule.address.phoneInvalid',
  addressEmpty: 'rule.address.addressEmpty',
  addressAreaEmpty: 'rule.address.areaEmpty',
  addressPostalCodeInvalid: 'rule.address.postalCodeInvalid',
  /**
   * NUL and the other control characters no keyboard types (tab and line breaks are fine), and
   * half a surrogate pair (no text is made of one; PostgreSQL refuses it in JSON).
   */
  textControlChars: 'rule.text.controlChars',
} as const;
