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

describe("a lazily loaded page whose chunk failed", () => {
  it("loads again on the next render, once the connection is back", async () => {
    let online = false;
    const Page = lazyPage(
      async () => {
        if (!online) throw new TypeError("Failed to fetch dynamically imported module");
        return { Hello: () => <p>hello</p> };
      },
      (module) => module.Hello,
    );
    await expect(Page.preload()).rejects.toThrow(/Failed to fetch/);
    online = true;
    await Page.preload();
    expect(html(Page)).toBe("<p>hello</p>");
  });
});
