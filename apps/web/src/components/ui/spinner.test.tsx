import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Spinner, SpinnerIcon } from "./spinner";

describe("spinners", () => {
  it("the inline icon says nothing of its own, so it never overlaps the text beside it", () => {
    const html = renderToStaticMarkup(<SpinnerIcon />);
    expect(html).toMatch(/^<svg [^>]*aria-hidden="true"[^>]*>.*<\/svg>$/);
    expect(html).toContain("animate-spin");
    expect(html).not.toContain("Loading");
  });

  it("the block spinner is a status with its label", () => {
    const html = renderToStaticMarkup(<Spinner label="Loading call records..." />);
    expect(html).toContain('role="status"');
    expect(html).toContain("Loading call records...");
  });
});
