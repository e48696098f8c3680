import type { en } from './lesson-refusal-en';

export const cn: Record<keyof typeof en, string> = {
  'lessons.refusal.preparing': '视频正在转码中',
  'lessons.refusal.preparing.NOT_STARTED': '学校处理完成后即可播放。',
  'lessons.refusal.preparing.RUNNING': '正在处理，请几分钟后再来看看。',
  'lessons.refusal.preparing.FAILED': '处理未成功，请联系学校重新上传。',
  'lessons.refusal.liveLoadFailedWhy': '学校尚未设置直播间，请稍后再看。',
  'lessons.refusal.checkAgain': '重新检查',
  'lessons.refusal.locked': '该课时尚未解锁',
  'lessons.refusal.lockedWhy': '本课程需按顺序学习，请先学完「{{title}}」。',
  'lessons.refusal.goToBlocking': '去学习「{{title}}」',
  'lessons.refusal.expired': '你的课程学习有效期已结束',
  'lessons.refusal.expiredWhen': '已于 {{date}} 到期。',
  'lessons.refusal.notMember': '加入课程后即可学习该课时',
  'lessons.refusal.notMemberWhy': '只有课程学员可以学习该课时。',
  'lessons.refusal.notTrial': '该课时不支持免费试看',
  'lessons.refusal.notTrialWhy': '加入课程即可学习全部课时。',
  'lessons.refusal.login': '登录后即可学习该课时',
  'lessons.refusal.loginWhy': '登录后会自动回到这里。',
  'lessons.refusal.loginButton': '登录',
  'lessons.refusal.haveAccount': '已是学员？去登录',
};
