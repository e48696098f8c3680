import { enNotices as contract } from '@school/contract/messages/notices-en';
import type { ScreenMessages } from './screen-messages';
import { en as components } from '../../components/messages/en';
import { en as accessBlocked } from '../../features/access-blocked/messages/en';
import { en as courses } from '../../features/courses/messages/en';
import { en as app } from './en';

/** Every English text: one chunk, loaded only when English is the active language. */
const messages = {
  ...contract,
  ...components,
  ...app,
  ...accessBlocked,
  ...courses,
};

/** What every screen may need from the start (a screen's own messages can come with it: screen-messages.ts). */
export type CoreMessages = typeof messages;
/** Every message id, the screens' own included: what `t()` accepts. */
export type AppMessages = CoreMessages & ScreenMessages;
export default messages;
