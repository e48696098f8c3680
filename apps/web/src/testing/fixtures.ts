import type { User } from '@school/contract/auth';

/** The seeded learner as the API answers it. */
export const learner: User = {
  id: 1,
  username: 'learner',
  nickname: '学员小明',
  gender: null,
  avatar: null,
  introduction: '',
  phone: '138****8000',
  email: null,
  wechatBound: false,
};
