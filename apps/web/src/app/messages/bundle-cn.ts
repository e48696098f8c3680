import { cn as contract } from '@school/contract/messages/cn';
import { cn as components } from '../../components/messages/cn';
import { cn as accessBlocked } from '../../features/access-blocked/messages/cn';
import { cn as agreements } from '../../features/agreements/messages/cn';
import { cn as articles } from '../../features/articles/messages/cn';
import { cn as auth } from '../../features/auth/messages/cn';
import { cn as courses } from '../../features/courses/messages/cn';
import { cn as customPage } from '../../features/custom-page/messages/cn';
import { cn as me } from '../../features/me/messages/cn';
import { cn as microPage } from '../../features/micro-page/messages/cn';
import { cn as search } from '../../features/search/messages/cn';
import { cn as wechat } from '../../features/wechat/messages/cn';
import { cn as app } from './cn';
import type { CoreMessages } from './bundle-en';

/** Every Chinese text; typed against the English bundle, so a missing id fails the build. */
const messages: Record<keyof CoreMessages, string> = {
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

export default messages;
