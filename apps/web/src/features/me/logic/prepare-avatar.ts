import { avatarSizeRule, ruleIds, type RuleId } from '@school/contract/validation';
import type { ImageCompressor } from '../../../lib/image-compress';

export type PreparedAvatar = { ok: true; blob: Blob; fileName: string } | { ok: false; rule: RuleId };

const extensions: Record<string, string> = {
  'image/webp': 'webp',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
};

/**
 * docs/product.md#validation-rules: an avatar of at most 5 MB, compressed in the browser before it is sent. The
 * original is refused past the limit (nothing is decoded); a picture the browser cannot
 * decode or encode gets the compress-failure message.
 */
export async function prepareAvatar(file: File, compress: ImageCompressor): Promise<PreparedAvatar> {
  // An empty type is let through: some phones hand over photos without one; decoding decides.
  if (file.type && !file.type.startsWith('image/')) return { ok: false, rule: ruleIds.avatarType };
  const tooBig = avatarSizeRule(file.size);
  if (tooBig) return { ok: false, rule: tooBig };
  let blob: Blob;
  try {
    blob = await compress(file);
  } catch {
    return { ok: false, rule: ruleIds.avatarCompressFailed };
  }
  const extension = extensions[blob.type];
  if (!extension) return { ok: false, rule: ruleIds.avatarCompressFailed };
  return { ok: true, blob, fileName: `avatar.${extension}` };
}
