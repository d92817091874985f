import { useEffect, useState } from "react";

/** Whether the page is scrolled down from its top (the reader is somewhere in the list). */
export function useScrolledDown(): boolean {
  const [down, setDown] = useState(false);
  useEffect(() => {
    const read = () => setDown(window.scrollY > 48);
    // First read in the next frame, not now: reading the scroll position lays the page out, and
    // the first render's effects are no place for that (it would lengthen their task on a phone).
    const frame = requestAnimationFrame(read);
    window.addEventListener("scroll", read, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", read);
    };
  }, []);
  return down;
}
