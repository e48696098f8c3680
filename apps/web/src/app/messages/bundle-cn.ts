import { cnNotices as contract } from '@school/contract/messages/notices-cn';
import { cn as components } from '../../components/messages/cn';
import { cn as accessBlocked } from '../../features/access-blocked/messages/cn';
import { cn as courses } from '../../features/courses/messages/cn';
import { cn as app } from './cn';
import type { CoreMessages } from './bundle-en';

/** Every Chinese text; typed against the English bundle, so a missing id fails the build. */
const messages: Record<keyof CoreMessages, string> = {
  ...contract,
  ...components,
  ...app,
  ...accessBlocked,
  ...courses,
};

export default messages;
