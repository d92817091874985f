import { formatNumber } from "@ringback/contracts";
import { ChevronLeft, ChevronRight } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { pageWindow } from "@/lib/page-window";

/**
 * Pagination under a server-paged table: what is shown ("1,204 numbers · page 2 of
 * 49"), Previous, the page numbers around the current one, Next. While a total is still being
 * counted (`total` null) it pages on by `hasNext`.
 */
export function Pagination({
  page,
  pages,
  total,
  hasNext,
  onPage,
  unit: [one, many],
  children,
}: {
  /** What is counted, singular and plural: ["number", "numbers"]. */
  unit: [string, string];
  page: number;
  pages: number | null;
  total: number | null;
  hasNext: boolean;
  onPage: (page: number) => void;
  /** Beside what is shown: a page-size select, for one. */
  children?: ReactNode;
}) {
  return (
    <nav aria-label="Pagination" className="flex flex-wrap items-center justify-between gap-3">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <p className="text-sm text-muted-foreground" aria-live="polite">
          {total === null || pages === null ? (
            <>
              Counting {many}… · page {page}
            </>
          ) : (
            <>
              {formatNumber(total)} {total === 1 ? one : many} · page {Math.min(page, pages)} of{" "}
              {pages}
            </>
          )}
        </p>
        {children}
      </div>
      <div className="flex items-center gap-1">
        <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {/* Arrows alone on a phone, where the words would not fit beside the pages. */}
          <ChevronLeft aria-hidden="true" />{" "}
          <span className="sr-only sm:not-sr-only">Previous</span>
        </Button>
        {pageWindow(page, pages ?? 0).map((item) =>
          typeof item === "number" ? (
            <Button
              key={item}
              variant={item === page ? "default" : "ghost"}
              size="sm"
              aria-current={item === page ? "page" : undefined}
              aria-label={`Page ${item}`}
              onClick={() => onPage(item)}
            >
              {item}
            </Button>
          ) : (
            <span key={item} className="px-2 text-muted-foreground" aria-hidden="true">
              …
            </span>
          ),
        )}
        <Button
          variant="outline"
          size="sm"
          disabled={pages === null ? !hasNext : page >= pages}
          onClick={() => onPage(page + 1)}
        >
          <span className="sr-only sm:not-sr-only">Next</span> <ChevronRight aria-hidden="true" />
        </Button>
      </div>
    </nav>
  );
}
