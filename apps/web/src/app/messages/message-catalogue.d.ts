import type { CoreMessages } from './registry/bundle-en';
import type { ScreenMessages } from './registry/screen-messages';

/** Every message id, the screens' own included: what `t()` accepts. */
type AppMessages = CoreMessages & ScreenMessages;

// Typed message ids: t('a.typo') fails to compile.
declare module '../../lib/i18n' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- merges the ids into the catalogue
  interface MessageCatalogue extends AppMessages {}
}
