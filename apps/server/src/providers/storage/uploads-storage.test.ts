import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createLocalMediaStorage, type MediaStorage } from './media-storage.js';
import { moveFolderUploads } from './uploads-storage.js';

describe('moveFolderUploads', () => {
  let root: string;
  let folder: string;
  let storage: MediaStorage;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'school-uploads-move-'));
    folder = path.join(root, 'uploads');
    await mkdir(folder);
    storage = createLocalMediaStorage(path.join(root, 'media'));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it('moves each upload whole, finishes a move an earlier start left half done, and skips files being written', async () => {
    await writeFile(path.join(folder, 'a.png'), 'first picture');
    await writeFile(path.join(folder, 'b.jpg'), 'second picture');
    await writeFile(path.join(folder, 'c.png.partial'), 'still being written');
    // An earlier start stored b.jpg cut short, and a.png whole, before it stopped.
    await storage.put('uploads/a.png', Buffer.from('first picture'), 'image/png');
    await storage.put('uploads/b.jpg', Buffer.from('second'), 'image/jpeg');

    expect(await moveFolderUploads(folder, storage)).toBe(2);
    expect(await readdir(folder)).toEqual(['c.png.partial']);
    expect(await readFile(path.join(root, 'media', 'uploads', 'b.jpg'), 'utf8')).toBe('second picture');
    expect(await storage.size('uploads/a.png')).toBe('first picture'.length);
    expect(await storage.size('uploads/c.png.partial')).toBeNull();

    // The next start has nothing left to move.
    expect(await moveFolderUploads(folder, storage)).toBe(0);
  });

  it('moves nothing when there is no such folder', async () => {
    expect(await moveFolderUploads(path.join(root, 'absent'), storage)).toBe(0);
  });
});
