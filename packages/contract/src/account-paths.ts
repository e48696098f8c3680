import { segment } from './paths.js';

/*
 * The account, sign-up and WeChat-binding calls (the earlier client's /api/users/…, /api/register/…
 * and /api/oauth/bind). Apart from apiPaths, which travels in every first screen's code: only the
 * sign-in, sign-up and Me screens use these (decision 026 moved them to make room there).
 */

export const accountPaths = {
  checkIdNo: '/api/users/check/id-no',
  checkPhone: '/api/users/check/phone',
  checkUsername: '/api/users/check/username',
  checkPasswordSet: '/api/users/check/password',
  userProfile: (id: number | string) => `/api/users/${segment(id)}`,
  userUsername: (id: number | string) => `/api/users/${segment(id)}/username`,
  userCheckPassword: (id: number | string) => `/api/users/${segment(id)}/check/password`,
  passwordReset: '/api/users/password/reset',
  passwordChange: '/api/users/password',
  bindPhone: '/api/users/bind/phone',
  sendBindPhoneCode: '/api/users/send/bind/phone/code',
  verifyCode: '/api/users/verify/code',
  smsCode: '/api/users/sms/code',
  phoneLookup: (phone: string) => `/api/users/phone/${segment(phone)}`,
  /** Ours: avatar upload (multipart). */
  avatarUpload: '/api/users/avatar',
  register: '/api/register',
  registerCheckUsername: '/api/register/check/username',
  registerCheckPhone: '/api/register/check/phone',
  registerCodeVerify: '/api/register/code/verify',
  registerVerifyToken: '/api/register/verify_token',
  registerResetToken: '/api/register/reset_token',
  oauthBind: '/api/oauth/bind',
} as const;
