import 'i18next';
import type { AppMessages } from './bundle-en';

// Typed message ids: t('a.typo') fails to compile.
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: AppMessages };
    keySeparator: false;
    nsSeparator: false;
    returnNull: false;
  }
}
