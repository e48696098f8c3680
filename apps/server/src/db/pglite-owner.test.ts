import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError } from '../config/env.js';
import { openPglite, pgliteOwnerFile } from './database.js';

/*
 * An embedded database belongs to one process: PGlite keeps it in memory and writes it back on
 * close, so a second process's writes (the school command beside a running server) would be lost.
 * The second opener is refused, naming the first.
 */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'school-pglite-owner-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('an embedded database folder', { timeout: 120_000 }, () => {
  it('is refused to a second process while the first has it open, and free again once it closes', async () => {
    const dataDir = path.join(dir, 'held');
    const first = await openPglite(dataDir);
    // Another process's claim: the same file, naming a process that runs (a child kept waiting).
    const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)'], { stdio: 'ignore' });
    try {
      expect(await readFile(pgliteOwnerFile(dataDir), 'utf8')).toBe(String(process.pid));
      await first.close();
      await writeFile(pgliteOwnerFile(dataDir), String(other.pid));
      const refused = await openPglite(dataDir).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(ConfigError);
      expect((refused as ConfigError).problems[0]).toContain(`is open in process ${other.pid}`);
    } finally {
      other.kill();
      await new Promise((resolve) => other.once('exit', resolve));
    }
    // Its owner gone, the claim is taken over; closing gives it back.
    const again = await openPglite(dataDir);
    await again.close();
    const third = await openPglite(dataDir);
    await third.close();
  });
});
