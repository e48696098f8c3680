import type { AppMessages } from './bundle-en';

// Typed message ids: t('a.typo') fails to compile.
declare module '../../lib/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the ids into the catalogue
  interface MessageCatalogue extends AppMessages {}
}
