export const wechatKeys = {
  all: ['wechat'] as const,
  signature: (url: string) => [...wechatKeys.all, 'signature', url] as const,
};
