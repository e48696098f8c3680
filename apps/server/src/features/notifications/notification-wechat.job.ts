import type { FastifyBaseLogger } from 'fastify';
import type { NotificationKind } from '@school/contract/notifications';
import type { StoredNotificationParams } from '../../db/schema.js';
import type { BackgroundJob } from '../../lib/background-jobs.js';
import type { Clock } from '../../providers/clock.js';
import { WechatApiError, type WechatClient } from '../../providers/wechat/wechat-client.js';
import { createNotificationsRepository } from './notifications.repository.js';

/*
 * WeChat template messages for notifications made PENDING (a learner signed in with WeChat, a
 * school that set the kind's template). The in-app notification is there already; a message that
 * cannot be sent is logged (errcode, never a token or an openid) and given up after a few tries.
 */

export const wechatSendRules = {
  intervalMs: 30_000,
  /** A claimed message is left to its round this long; after, another round may try again. */
  holdMs: 2 * 60_000,
  tries: 3,
  round: 20,
} as const;

/** China's time: the school's learners read WeChat in it. */
const shanghaiTime = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});
const timeOf = (iso: string | undefined) => (iso === undefined ? '' : shanghaiTime.format(new Date(iso)));

/**
 * The classic template fields (first, keyword1, keyword2, remark) in Chinese, WeChat's language;
 * the school's template in its official account words around them.
 */
export function templateData(kind: NotificationKind, params: StoredNotificationParams): Record<string, string> {
  const title = params.title?.cn || params.title?.en || '';
  switch (kind) {
    case 'EXAM_GRADED':
      return {
        first: '你的考试已批阅',
        keyword1: title,
        keyword2: `${params.score ?? 0} 分${params.passed === true ? '，通过' : params.passed === false ? '，未通过' : ''}`,
        remark: '点击查看成绩与解析',
      };
    case 'REFUND_DECIDED':
      return {
        first: '你的退款申请有了结果',
        keyword1: title,
        keyword2: params.accepted ? '已同意' : '未同意',
        remark: '点击查看订单',
      };
    case 'LIVE_STARTING':
      return { first: '直播即将开始', keyword1: title, keyword2: timeOf(params.startsAt), remark: '点击进入直播' };
    case 'MEMBERSHIP_EXPIRING':
      return {
        first: '你的课程学习有效期即将到期',
        keyword1: title,
        keyword2: timeOf(params.expiresAt),
        remark: '点击查看课程',
      };
    case 'CLASSROOM_ANNOUNCEMENT':
      return {
        first: '班级有新公告',
        keyword1: params.classroom?.cn || params.classroom?.en || '',
        keyword2: title,
        remark: '点击查看公告',
      };
  }
}

/** Sends due template messages. Rows are claimed by a conditional update: no lock is held while WeChat answers. */
export function notificationWechatJob(deps: {
  wechat: WechatClient;
  publicUrl: string;
  clock: Clock;
  log: FastifyBaseLogger;
}): BackgroundJob {
  const { wechat, publicUrl, clock, log } = deps;
  return {
    name: 'notification-wechat',
    lockKey: null,
    intervalMs: wechatSendRules.intervalMs,
    async run(db) {
      const repository = createNotificationsRepository(db);
      const now = clock.now();
      const due = await repository.claimWechat(
        now,
        new Date(now.getTime() + wechatSendRules.holdMs),
        wechatSendRules.round,
      );
      const done = { sent: 0, failed: 0, retry: 0 };
      const templatesOf = new Map<number, Partial<Record<NotificationKind, string>>>();
      for (const message of due) {
        if (!templatesOf.has(message.tenantId))
          templatesOf.set(message.tenantId, await repository.wechatTemplates(message.tenantId));
        const templateId = templatesOf.get(message.tenantId)?.[message.kind];
        // Unbound since, or the school took its template away: nothing to send.
        if (message.openid === null || templateId === undefined) {
          await repository.wechatDone(message.id, 'FAILED');
          done.failed += 1;
          continue;
        }
        try {
          await wechat.sendTemplateMessage({
            openid: message.openid,
            templateId,
            url: message.link === null ? null : `${publicUrl}/mobile${message.link}`,
            data: templateData(message.kind, message.params),
          });
          await repository.wechatDone(message.id, 'SENT');
          done.sent += 1;
        } catch (error) {
          const last = message.tries >= wechatSendRules.tries;
          log.warn(
            {
              notification: message.id,
              kind: message.kind,
              errcode: error instanceof WechatApiError ? error.errcode : null,
              reason: error instanceof WechatApiError ? error.kind : 'error',
              givenUp: last,
            },
            'WeChat template message not sent',
          );
          if (last) {
            await repository.wechatDone(message.id, 'FAILED');
            done.failed += 1;
          } else done.retry += 1;
        }
      }
      return done;
    },
  };
}
