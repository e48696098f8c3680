import { en as auth } from '../../features/auth/messages/en';
import { en as me } from '../../features/me/messages/en';
import { en as wechat } from '../../features/wechat/messages/en';

/** The account screens' texts (login, sign-up, the Me tab and its edits, WeChat login): one chunk. */
export const en = { ...auth, ...me, ...wechat };
