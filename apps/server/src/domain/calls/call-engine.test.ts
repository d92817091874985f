import { describe, expect, it } from "vitest";
import { fillScript } from "./call-engine.ts";

describe("the call's prompt", () => {
  it("fills {name} everywhere, and says 'there' without a name", () => {
    expect(fillScript("Hi {name}! {name}, is now good?", "Ana")).toBe("Hi Ana! Ana, is now good?");
    expect(fillScript("Hi {name}!", null)).toBe("Hi there!");
    expect(fillScript("Hi {name}!", "  ")).toBe("Hi there!");
  });
});
