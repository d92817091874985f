import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Spinner } from "@/components/ui/spinner";
import { FirstLoad } from "./app";
import { FIRST_LOAD_HTML, pageStartsWithSpinner } from "./first-load";

describe("an admin page's first paint", () => {
  it("is the sign-in guard's spinner, in the HTML and in React's first render alike", () => {
    const guard = renderToStaticMarkup(<Spinner className="min-h-svh" />);
    expect(FIRST_LOAD_HTML).toBe(guard);
    expect(renderToStaticMarkup(<FirstLoad />)).toBe(guard);
  });

  it("is recognised from the root the HTML came with", () => {
    const root = (child: { role: string | null } | null) =>
      ({
        firstElementChild: child && {
          getAttribute: (name: string) => (name === "role" ? child.role : null),
        },
      }) as unknown as HTMLElement;
    expect(pageStartsWithSpinner(root({ role: "status" }))).toBe(true);
    expect(pageStartsWithSpinner(root(null))).toBe(false);
    expect(pageStartsWithSpinner(root({ role: null }))).toBe(false);
    expect(pageStartsWithSpinner(null)).toBe(false);
  });
});
