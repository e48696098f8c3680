import type { en } from './en';

/** Texts of the installable, offline app (features/offline). */
export const cn: Record<keyof typeof en, string> = {
  'offline.banner.offline': '当前离线，显示的是你上次看到的内容。',
  'offline.banner.offlineAt': '当前离线，显示的是你 {{time}} 看到的内容。',
  'offline.banner.weakAt': '网络信号弱，显示的是你 {{time}} 看到的内容。',
  'offline.banner.retry': '重试',
  'offline.update.ready': '新版本已就绪。',
  'offline.update.reload': '刷新',
  'offline.install.text': '将本应用添加到主屏幕：全屏打开，离线也能学习。',
  'offline.install.iosText': '将本应用添加到主屏幕：点击“分享”，再选择“添加到主屏幕”。',
  'offline.install.install': '安装',
  'offline.install.dismiss': '以后再说',
  'offline.install.label': '安装应用',
};
