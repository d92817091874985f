import { describe, expect, it } from "vitest";
import {
  FIRST_VIEW_ATTRIBUTE,
  FIRST_VIEW_HEADINGS,
  FIRST_VIEW_ORGANIZATION_MARKER,
  firstViewHtml,
  firstViewOf,
  titleFor,
} from "./first-view";

describe("an admin page's first view", () => {
  it("shows the page's heading inside the frame, escaped", () => {
    const html = firstViewHtml({
      title: "Calls & <notes>",
      description: "One > two",
      columnClass: "mx-auto flex max-w-6xl flex-col gap-6",
      titleClass: "text-3xl font-semibold tracking-tight",
    });
    expect(html.startsWith(`<div ${FIRST_VIEW_ATTRIBUTE} `)).toBe(true);
    expect(html).toContain(
      '<h1 class="text-3xl font-semibold tracking-tight">Calls &amp; &lt;notes&gt;</h1>',
    );
    expect(html).toContain('<p class="mt-1 text-muted-foreground">One &gt; two</p>');
    // The sidebar's place at its width (the boot script narrows it when it is collapsed).
    expect(html).toContain("--sidebar-width:16rem");
  });

  it("is recognised in the root the page came with, and only there", () => {
    const root = (first: { has: boolean } | null) =>
      ({
        firstElementChild: first ? { hasAttribute: () => first.has } : null,
        innerHTML: "<div data-first-view>…</div>",
      }) as unknown as HTMLElement;
    expect(firstViewOf(root({ has: true }))).toBe("<div data-first-view>…</div>");
    expect(firstViewOf(root({ has: false }))).toBeNull();
    expect(firstViewOf(root(null))).toBeNull();
    expect(firstViewOf(null)).toBeNull();
  });

  it("leaves the dashboard's organization to the server, as a marker it replaces", () => {
    const heading = FIRST_VIEW_HEADINGS["/admin/dashboard"];
    expect(titleFor(heading, "Acme")).toBe("Acme Dashboard");
    expect(firstViewHtml(heading)).toContain(
      `<h1 class="${heading.titleClass}">${FIRST_VIEW_ORGANIZATION_MARKER} Dashboard</h1>`,
    );
  });

  it("has Call Records' heading as the page shows it", () => {
    expect(FIRST_VIEW_HEADINGS["/admin/call-records"]).toMatchObject({
      title: "Call Records",
      description: "Every call your assistants made, grouped by submission.",
    });
  });
});
