import type { Gender } from '@school/contract/enums';

export const genderLabels: Record<Gender, `me.gender.${Gender}`> = {
  MALE: 'me.gender.MALE',
  FEMALE: 'me.gender.FEMALE',
};
