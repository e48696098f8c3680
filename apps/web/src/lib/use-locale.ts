import type { Locale } from '@school/contract/enums';
import { useTranslation } from './i18n';

/** The active language, re-rendering the caller when the learner switches it. */
export function useLocale(): Locale {
  return useTranslation().locale;
}
