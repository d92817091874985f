import { type ClassValue, clsx } from "clsx";
import { twMerge } from "tailwind-merge";

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

/**
 * tailwind-merge builds its class map on its first call (~10 ms on a fast machine, four times that
 * on a phone). Called in a task of its own before the first render needs it, that work is not
 * added to one of React's render slices, where it made a long task (ADR 0026).
 */
export function warmClassMerge(): void {
  setTimeout(() => twMerge("px-1 px-2"), 0);
}
