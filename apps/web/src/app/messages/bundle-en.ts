import { en as contract } from '@school/contract/messages/en';
import type { ScreenMessages } from './screen-messages';
import { en as components } from '../../components/messages/en';
import { en as accessBlocked } from '../../features/access-blocked/messages/en';
import { en as agreements } from '../../features/agreements/messages/en';
import { en as articles } from '../../features/articles/messages/en';
import { en as auth } from '../../features/auth/messages/en';
import { en as courses } from '../../features/courses/messages/en';
import { en as customPage } from '../../features/custom-page/messages/en';
import { en as me } from '../../features/me/messages/en';
import { en as microPage } from '../../features/micro-page/messages/en';
import { en as search } from '../../features/search/messages/en';
import { en as wechat } from '../../features/wechat/messages/en';
import { en as app } from './en';

/** Every English text: one chunk, loaded only when English is the active language. */
const messages = {
  ...contract,
  ...components,
  ...app,
  ...accessBlocked,
  ...agreements,
  ...articles,
  ...auth,
  ...courses,
  ...customPage,
  ...me,
  ...microPage,
  ...search,
  ...wechat,
};

/** What every screen may need from the start (a screen's own messages can come with it: screen-messages.ts). */
export type CoreMessages = typeof messages;
/** Every message id, the screens' own included: what `t()` accepts. */
export type AppMessages = CoreMessages & ScreenMessages;
export default messages;
