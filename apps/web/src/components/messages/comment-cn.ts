import type { en } from './comment-en';

export const cn: Record<keyof typeof en, string> = {
  'ui.comment.yours': '我的评价',
  'ui.comment.edit': '修改',
  'ui.comment.delete': '删除',
  'ui.comment.editTitle': '修改我的评价',
  'ui.comment.save': '保存',
  'ui.comment.saving': '保存中…',
  'ui.comment.saved': '评价已更新',
  'ui.comment.cancel': '取消',
  'ui.comment.deleteTitle': '删除这条评价？',
  'ui.comment.deleteContent': '评分和评价内容将被删除，之后可以重新评价。',
  'ui.comment.deleted': '评价已删除',
};
