import type { en } from './en';

export const cn: Record<keyof typeof en, string> = {
  'agreements.title': '协议',
  'agreements.notFound': '网校尚未发布该文档。',
};
