// Before the media storage, avatars were files in DATA_DIR/uploads. At start they are moved into the storage
// once (each file is removed after its copy is stored), so existing installs keep their photos; later starts
// find the folder empty. Several instances starting together may copy the same file twice: same key, same bytes.
import { createReadStream } from 'node:fs';
import { readdir, rm, stat } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { typeOfKey } from './directory-store';
import { MEDIA_NAME } from './avatars';
import type { MediaStore } from '../kernel/ports';

/** Answers how many files were moved. */
export async function moveOldUploads(uploadsDir: string, store: MediaStore, mediaDir?: string): Promise<number> {
  // The directory storage may already be that folder (a MEDIA_DIR pointed at it): nothing to move.
  if (mediaDir && resolve(mediaDir) === resolve(uploadsDir)) return 0;
  const names = await readdir(uploadsDir).catch(() => [] as string[]);
  let moved = 0;
  for (const name of names.filter((n) => MEDIA_NAME.test(n))) {
    const file = join(uploadsDir, name);
    try {
      const { size } = await stat(file);
      await store.put(name, createReadStream(file), { type: typeOfKey(name), size });
      await rm(file, { force: true });
      moved++;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err; // another instance moved it first
    }
  }
  return moved;
}
