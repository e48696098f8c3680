import type { Locale } from '@school/contract/enums';
import { useTranslation } from 'react-i18next';
import { activeLocale } from './locale';

/** The active language, re-rendering the caller when the learner switches it. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return language === 'cn' || language === 'en' ? language : activeLocale();
}
