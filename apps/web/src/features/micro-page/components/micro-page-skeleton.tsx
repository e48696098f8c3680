import { LoadingRegion, SkeletonBlock } from '../../../components/ui/skeleton';

/** Same outline as the usual home page (search, banner, shortcuts), so nothing jumps on load. */
export function MicroPageSkeleton() {
  return (
    <LoadingRegion>
      <div className="px-3 pt-3">
        <SkeletonBlock className="h-9 rounded-full" />
      </div>
      <div className="mx-3 mt-3">
        <SkeletonBlock className="aspect-[75/32] rounded-card" />
      </div>
      <div className="mx-3 mt-3 grid grid-cols-4 gap-4 rounded-card bg-surface px-4 py-4">
        {[0, 1, 2, 3].map((i) => (
          <div key={i} className="flex flex-col items-center gap-1.5">
            <SkeletonBlock className="size-11 rounded-full" />
            <SkeletonBlock className="h-3 w-10" />
          </div>
        ))}
      </div>
      <div className="mx-3 mt-3 space-y-2 rounded-card bg-surface p-4">
        <SkeletonBlock className="h-4 w-2/3" />
        <SkeletonBlock className="h-3 w-full" />
        <SkeletonBlock className="h-3 w-5/6" />
      </div>
    </LoadingRegion>
  );
}
