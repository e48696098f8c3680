import { hasForbiddenCharacters, ruleIds } from '@school/contract/validation';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { fieldNameOf } from './error-handler.js';

/*
 * The net under the contract's `textInput`: the contract refuses control characters (and lone
 * surrogates) in every
 * string field it declares, and this hook refuses them in whatever a route reads that no
 * schema declared (path segments, query keys a route reads by hand, multipart fields). Runs
 * after validation, so a declared field is answered by its own schema first; either way the
 * answer is 400 `validationFailed` with the field and `rule.text.controlChars`, never the
 * database's refusal of a NUL as a 500.
 */

function firstControlCharacter(value: unknown, path: string[], depth = 0): string[] | null {
  if (typeof value === 'string') return hasForbiddenCharacters(value) ? path : null;
  if (depth > 20 || typeof value !== 'object' || value === null) return null;
  for (const [key, item] of Object.entries(value)) {
    if (hasForbiddenCharacters(key)) return [...path, key];
    const found = firstControlCharacter(item, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

export function registerControlCharacterGuard(app: FastifyInstance): void {
  app.addHook('preHandler', async (request) => {
    for (const part of [request.params, request.query, request.body]) {
      const path = firstControlCharacter(part, []);
      if (path) {
        throw new AppError('validationFailed', {
          field: fieldNameOf(path),
          rule: ruleIds.textControlChars,
        });
      }
    }
  });
}
