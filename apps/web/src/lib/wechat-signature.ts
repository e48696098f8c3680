import { apiPaths } from '@school/contract/paths';
import type { WxSignature } from '@school/contract/wechat';
import { apiClient } from './api-client';

/**
 * GET /api/users/wx/signature?url=: the JS-SDK `wx.config` values for a page (its URL without
 * the hash). The answer is typed loosely on purpose: one without appId is ignored (docs/product.md#wechat).
 */
export function getWxSignature(
  url: string,
  { silent = true, signal }: { silent?: boolean; signal?: AbortSignal } = {},
): Promise<Partial<WxSignature> | null | undefined> {
  return apiClient.get<Partial<WxSignature> | null>(apiPaths.wxSignature, { query: { url }, silent, signal });
}
