import type { en } from './lesson-download-en';

/** Texts of a lesson's "Download for offline" (components/offline/lesson-download.tsx). */
export const cn: Record<keyof typeof en, string> = {
  'download.start': '下载离线学习',
  'download.progress': '正在下载… {{percent}}%',
  'download.progressLabel': '本课时的下载进度',
  'download.cancel': '取消',
  'download.done': '已下载 · {{size}}',
  'download.remove': '删除',
  'download.failed': '下载中断，请检查网络后重试。',
  'download.retry': '重试',
  'download.noSpace': '手机空间不足，请删除其他下载后重试。',
  'download.removeTitle': '删除此下载？',
  'download.removeContent': '删除后需要联网才能播放。',
  'download.removeConfirm': '删除',
  'download.removeCancel': '保留',
  'download.removed': '已删除下载',
  'download.saved': '已可离线播放',
};
