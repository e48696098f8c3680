/**
 * A folder's listing, or nothing when the folder does not exist (yet): a data folder, a backup
 * target or a local media store that nothing has been written to. Other failures still fail.
 */
export function emptyWhenMissing<T>(listing: Promise<T[]>): Promise<T[]> {
  return listing.catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
}
