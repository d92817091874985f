import type { Assistant } from "@ringback/contracts";

/** The five steps, in order. */
export const WIZARD_STEPS = [
  "Assistant Details",
  "Select Form",
  "Select Call Fields",
  "Customize Assistant",
  "Finalize",
] as const;

type Progress = Pick<
  Assistant,
  "name" | "form_id" | "phone_field_id" | "checkbox_field_id" | "assistant_script" | "is_active"
>;

/** The wizard's progress: which steps are done. */
export function completedSteps(assistant: Progress): boolean[] {
  return [
    Boolean(assistant.name?.trim()),
    Boolean(assistant.form_id),
    Boolean(assistant.phone_field_id && assistant.checkbox_field_id),
    Boolean(assistant.assistant_script?.trim()),
    assistant.is_active,
  ];
}

/** Clickable if completed, step 0, or at most one beyond the highest completed. */
export function isStepClickable(index: number, completed: readonly boolean[]): boolean {
  const highest = completed.lastIndexOf(true);
  return completed[index] === true || index === 0 || index <= highest + 1;
}

/**
 * An existing assistant opens at the first not-completed step after the name
 * (step 0 if unnamed); all done opens the last step.
 */
export function initialStep(assistant: Progress): number {
  const completed = completedSteps(assistant);
  if (!completed[0]) return 0;
  const next = completed.findIndex((done, index) => index > 0 && !done);
  return next === -1 ? WIZARD_STEPS.length - 1 : next;
}

/** The script preview is cut at about 24 words. */
export const SCRIPT_PREVIEW_WORDS = 24;

export function scriptPreview(
  script: string,
  words = SCRIPT_PREVIEW_WORDS,
): { text: string; truncated: boolean } {
  const parts = script.trim().split(/\s+/).filter(Boolean);
  if (parts.length <= words) return { text: script.trim(), truncated: false };
  return { text: `${parts.slice(0, words).join(" ")}…`, truncated: true };
}

/** The help video link must yield an 11-character video id. */
export function youtubeVideoId(url: string): string | null {
  const match =
    /(?:youtube\.com\/(?:watch\?(?:.*&)?v=|embed\/|shorts\/)|youtu\.be\/)([A-Za-z0-9_-]{11})(?![A-Za-z0-9_-])/.exec(
      url,
    );
  return match?.[1] ?? null;
}
