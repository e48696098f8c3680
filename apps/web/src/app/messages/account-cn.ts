import { cn as auth } from '../../features/auth/messages/cn';
import { cn as me } from '../../features/me/messages/cn';
import { cn as wechat } from '../../features/wechat/messages/cn';
import type { en } from './account-en';

/** The account screens' Chinese texts; typed against the English, so a missing id fails the build. */
export const cn: Record<keyof typeof en, string> = { ...auth, ...me, ...wechat };
