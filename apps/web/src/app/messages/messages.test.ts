import { describe, expect, it } from 'vitest';
import { errorCodes, statusTextKeys } from '@school/contract/errors';
import { ruleIds } from '@school/contract/validation';
import { isMessageId } from '../../lib/i18n';
import { allMessages, messageBundles } from './registry/all-messages';

const { cn, en } = allMessages;

describe('message bundles', () => {
  it('have the same ids in both languages, none empty, in the first bundle and in each screen’s own', () => {
    for (const [name, pair] of Object.entries(messageBundles))
      expect(Object.keys(pair.cn).sort(), name).toEqual(Object.keys(pair.en).sort());
    for (const [id, text] of [...Object.entries(cn), ...Object.entries(en)]) {
      expect(text.trim(), id).not.toBe('');
      // What arrives as a string is taken for an id by its shape (lib/i18n isMessageId).
      expect(isMessageId(id), id).toBe(true);
    }
  });

  it('cover the whole error catalogue, every status text and every rule', () => {
    const ids = [
      ...errorCodes.map((code) => `error.${code}`),
      ...Object.values(statusTextKeys),
      'status.default',
      ...Object.values(ruleIds),
    ];
    for (const id of ids) {
      expect(en, id).toHaveProperty([id]);
      expect(cn, id).toHaveProperty([id]);
    }
  });

  it('use the same interpolation placeholders in both languages', () => {
    const placeholders = (text: string) => [...text.matchAll(/{{(\w+)}}|<(\w+)>/g)].map((m) => m[1] ?? m[2]).sort();
    for (const id of Object.keys(en) as (keyof typeof en)[]) {
      expect(placeholders(cn[id]), id).toEqual(placeholders(en[id]));
    }
  });
});
