import { Skeleton } from "@/components/ui/skeleton";

/** Placeholder rows while a table loads; announced once to screen readers. */
export function TableSkeleton({
  label,
  columns,
  rows = 3,
}: {
  label: string;
  columns: number;
  rows?: number;
}) {
  return (
    <div role="status" aria-label={label} className="grid gap-3">
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder rows
        <div key={row} className="flex gap-4">
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static placeholder cells
            <Skeleton key={column} className="h-5 flex-1" />
          ))}
        </div>
      ))}
    </div>
  );
}
