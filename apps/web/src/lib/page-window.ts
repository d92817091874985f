export type PageItem = number | "ellipsis-start" | "ellipsis-end";

/**
 * Pagination: with 5 pages or fewer all are shown; otherwise the first, the last and
 * the current page's neighbours, with an ellipsis for each gap.
 */
export function pageWindow(current: number, total: number): PageItem[] {
  if (total <= 0) return [];
  if (total <= 5) return Array.from({ length: total }, (_, i) => i + 1);
  const page = Math.min(Math.max(1, current), total);
  const items: PageItem[] = [1];
  const from = Math.max(2, page - 1);
  const to = Math.min(total - 1, page + 1);
  if (from > 2) items.push("ellipsis-start");
  for (let p = from; p <= to; p++) items.push(p);
  if (to < total - 1) items.push("ellipsis-end");
  items.push(total);
  return items;
}
