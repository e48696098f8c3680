// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findMessageFiles, messageRegistry, registryDirectory } from './message-registry.ts';

const src = fileURLToPath(new URL('../src', import.meta.url));

describe('the message registry (decision 021)', () => {
  it('is the one the message files make: run `npm run messages -w @school/web` after adding or renaming one', () => {
    const directory = join(src, registryDirectory);
    const written = Object.fromEntries(
      readdirSync(directory).map((name) => [name, readFileSync(join(directory, name), 'utf8')]),
    );
    expect(written).toEqual(Object.fromEntries(messageRegistry(src)));
  });

  it('gives every message id one home: no two message files define the same id', async () => {
    const homes = new Map<string, string>();
    for (const files of findMessageFiles(src).values()) {
      for (const file of files) {
        const path = file.path.replace('{lang}', 'en');
        const module = (await import(/* @vite-ignore */ join(src, `${path}.ts`))) as { en: Record<string, string> };
        for (const id of Object.keys(module.en)) {
          expect(homes.get(id), `${id} is in ${path} and ${homes.get(id)}`).toBeUndefined();
          homes.set(id, path);
        }
      }
    }
    expect(homes.size).toBeGreaterThan(1000);
  });
});
