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

/** What the help panel says about each of the five steps. */
export const STEP_HELP: readonly { summary: string; tips: readonly string[] }[] = [
  {
    summary:
      "Give the assistant a name your team will recognise and connect your Typeform account.",
    tips: [
      "The name is only shown inside Ringback, for example on the dashboard and in call records.",
      "One Typeform connection is shared by every assistant of the organization.",
    ],
  },
  {
    summary: "Pick the form whose respondents the assistant should call.",
    tips: [
      "Each form can have one assistant. Forms already used by another assistant are marked.",
      "Created a form just now? Use Refresh Forms to load it.",
    ],
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
      "Activating adds a webhook to your form so Ringback hears about new submissions.",
      "Deactivate at any time; submissions received while inactive are not called.",
    ],
  },
];
