import type { AvailableFormSource } from "@ringback/contracts";
import { youtubeVideoId } from "./wizard-rules";

/** The help video link must yield an 11-character video id; else no video. */
export function helpVideo(url: string | null | undefined): {
  id: string;
  embedUrl: string;
  watchUrl: string;
} | null {
  const id = url ? youtubeVideoId(url) : null;
  if (!id) return null;
  return {
    id,
    embedUrl: `https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`,
    watchUrl: `https://www.youtube.com/watch?v=${id}`,
  };
}

export type StepHelp = { summary: string; tips: readonly string[] };

/**
 * What the help panel says about each of the five steps, for the assistant's form source: its
 * name and its own help texts come from its manifest (GET /api/integrations).
 */
export function stepHelp(source: AvailableFormSource): readonly StepHelp[] {
  const { name, capabilities, help } = source;
  return [
    {
      summary: capabilities.connect
        ? `Give the assistant a name your team will recognise and connect your ${name} account.`
        : `Give the assistant a name your team will recognise, and send it leads from ${name}.`,
      tips: [
        "The name is only shown inside Ringback, for example on the dashboard and in call records.",
        ...(help.details ?? []),
      ],
    },
    {
      summary: `Pick the ${source.formNoun} whose respondents the assistant should call.`,
      tips: help.form ?? [],
    },
    {
      summary: "Tell the assistant where the form keeps the answers it needs.",
      tips: [
        "Call Availability Field: a checkbox or yes/no question such as “May we call you?”. Only respondents who tick it are called.",
        "Phone Number Field: the number to call, including the country code.",
        "Name and email are optional; the name lets the assistant greet people personally.",
      ],
    },
    {
      summary: "Write what the assistant says when the respondent picks up.",
      tips: [
        "Write {name} where the respondent's name should go.",
        "Keep the opening short and ask whether now is a good time to talk.",
        "Outcomes are questions each call should answer, such as “Qualified?” or “Budget”; the answers show in Call Records.",
        "Advanced sets how often and when the assistant calls, and what it does on voicemail.",
        "Advanced also chooses the voice (from your voice provider’s own list), the language, the longest a call may last, and a number to transfer to when the person asks for a human. An option your provider cannot use is marked, and saved all the same.",
      ],
    },
    {
      summary: "Check the summary and switch the assistant on.",
      tips: [
        capabilities.manageWebhooks
          ? `Activating adds a webhook to your ${source.formNoun} so Ringback hears about new submissions.`
          : "Activating starts calling the leads sent to the assistant's URL.",
        "Deactivate at any time; submissions received while inactive are not called.",
      ],
    },
  ];
}
