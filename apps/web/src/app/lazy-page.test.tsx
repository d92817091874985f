import { Suspense } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { lazyPage } from "./lazy-page";

const html = (Page: () => React.ReactElement) =>
  renderToStaticMarkup(
    <Suspense fallback={<i>waiting</i>}>
      <Page />
    </Suspense>,
  );

describe("a lazily loaded page", () => {
  it("suspends while its chunk is not there, and renders at once when it is", async () => {
    const Page = lazyPage(
      async () => ({ Hello: () => <p>hello</p> }),
      (module) => module.Hello,
    );
    // Not loaded yet: the boundary's fallback (React would hold the reveal back afterwards).
    expect(html(Page)).toContain("<i>waiting</i>");
    await Page.preload();
    // Loaded (as the first render of a page waits for, main.tsx): no suspension at all.
    expect(html(Page)).toBe("<p>hello</p>");
  });
});
