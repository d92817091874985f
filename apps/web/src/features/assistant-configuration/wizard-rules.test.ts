import { describe, expect, it } from "vitest";
import {
  completedSteps,
  initialStep,
  isStepClickable,
  scriptPreview,
  youtubeVideoId,
} from "./wizard-rules";

const empty = {
  name: null,
  form_id: null,
  phone_field_id: null,
  checkbox_field_id: null,
  assistant_script: null,
  is_active: false,
};

describe("wizard progress", () => {
  it("marks each step done by its own data", () => {
    expect(completedSteps(empty)).toEqual([false, false, false, false, false]);
    expect(
      completedSteps({
        name: "Lead caller",
        form_id: "f",
        phone_field_id: "p",
        checkbox_field_id: null,
        assistant_script: "Hi {name}",
        is_active: false,
      }),
    ).toEqual([true, true, false, true, false]);
  });

  it("opens at the first step not done after the name, or step 0 when unnamed", () => {
    expect(initialStep(empty)).toBe(0);
    expect(initialStep({ ...empty, form_id: "f" })).toBe(0);
    expect(initialStep({ ...empty, name: "A" })).toBe(1);
    expect(initialStep({ ...empty, name: "A", form_id: "f" })).toBe(2);
    expect(
      initialStep({
        ...empty,
        name: "A",
        form_id: "f",
        phone_field_id: "p",
        checkbox_field_id: "c",
      }),
    ).toBe(3);
    expect(
      initialStep({
        name: "A",
        form_id: "f",
        phone_field_id: "p",
        checkbox_field_id: "c",
        assistant_script: "s",
        is_active: true,
      }),
    ).toBe(4);
  });
});

describe("step list clicks", () => {
  it("allows completed steps, step 0, and one beyond the highest completed", () => {
    const completed = [true, true, false, false, false];
    expect([0, 1, 2, 3, 4].map((i) => isStepClickable(i, completed))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    // Nothing done yet: only step 0.
    expect([0, 1, 2].map((i) => isStepClickable(i, [false, false, false, false, false]))).toEqual([
      true,
      false,
      false,
    ]);
    // A completed step stays clickable even beyond a gap.
    expect(isStepClickable(3, [true, false, false, true, false])).toBe(true);
  });
});

describe("script preview (24 words)", () => {
  it("keeps short scripts whole and cuts long ones after 24 words", () => {
    expect(scriptPreview("Hi {name}, thanks!")).toEqual({
      text: "Hi {name}, thanks!",
      truncated: false,
    });
    const long = Array.from({ length: 30 }, (_, i) => `w${i + 1}`).join(" ");
    const preview = scriptPreview(long);
    expect(preview.truncated).toBe(true);
    expect(preview.text.split(" ")).toHaveLength(24);
    expect(preview.text.endsWith("w24…")).toBe(true);
    expect(scriptPreview(Array.from({ length: 24 }, () => "x").join(" ")).truncated).toBe(false);
  });
});

describe("help video id", () => {
  it("takes the 11-character id from the usual link shapes", () => {
    expect(youtubeVideoId("https://www.youtube.com/watch?v=dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeVideoId("https://youtu.be/dQw4w9WgXcQ?t=10")).toBe("dQw4w9WgXcQ");
    expect(youtubeVideoId("https://www.youtube.com/embed/dQw4w9WgXcQ")).toBe("dQw4w9WgXcQ");
    expect(youtubeVideoId("https://www.youtube.com/watch?feature=x&v=dQw4w9WgXcQ")).toBe(
      "dQw4w9WgXcQ",
    );
  });

  it("refuses links without exactly 11 characters", () => {
    expect(youtubeVideoId("https://youtu.be/short")).toBeNull();
    expect(youtubeVideoId("https://youtu.be/dQw4w9WgXcQx")).toBeNull();
    expect(youtubeVideoId("https://example.com/watch?v=dQw4w9WgXcQ")).toBeNull();
  });
});
