/**
 * The call simulator's voices (a small list), the same for every
 * dialect, each of which shows them in its platform's shape. A call may ask for one by id (or,
 * as Bland allows, by name); it is kept with the call, not heard: recordings are tones.
 */
export interface SimulatorVoice {
  id: string;
  name: string;
  description: string;
  gender: "female" | "male";
  /** ISO 639-1: the simulator speaks English only. */
  language: "en";
}

export const SIMULATOR_VOICES: readonly SimulatorVoice[] = [
  {
    id: "sim-voice-ava",
    name: "Ava",
    description: "Warm American female",
    gender: "female",
    language: "en",
  },
  {
    id: "sim-voice-ben",
    name: "Ben",
    description: "Calm American male",
    gender: "male",
    language: "en",
  },
  {
    id: "sim-voice-chloe",
    name: "Chloe",
    description: "Bright British female",
    gender: "female",
    language: "en",
  },
  {
    id: "sim-voice-dev",
    name: "Dev",
    description: "Friendly Australian male",
    gender: "male",
    language: "en",
  },
];

/** The voice a call asked for, by id or by name (case-insensitive); null when none matches. */
export function simulatorVoice(idOrName: string): SimulatorVoice | null {
  const wanted = idOrName.trim().toLowerCase();
  return SIMULATOR_VOICES.find((v) => v.id === wanted || v.name.toLowerCase() === wanted) ?? null;
}
