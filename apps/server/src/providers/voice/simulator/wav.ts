/**
 * The simulator's call recordings: real WAV files (16-bit PCM, mono, 8 kHz, like a phone line)
 * made of soft tones: the assistant's lines a little higher, the respondent's lower, short
 * "syllables" with pauses between, and silence between the two sides. No external binaries.
 */

export const SAMPLE_RATE = 8000;
const BYTES_PER_SAMPLE = 2;
const HEADER_BYTES = 44;
/** Longer calls are recorded up to this length. */
const MAX_RECORDING_MS = 15 * 60_000;

/** Pentatonic notes: pleasant in any order. */
const ASSISTANT_NOTES = [440, 493.88, 554.37, 659.25, 739.99];
const USER_NOTES = [261.63, 293.66, 329.63, 392, 440];

export interface RecordedTurn {
  /** Whether the respondent answers in the turn's second half. */
  userSpeaks: boolean;
}

/** A small, seeded PRNG (mulberry32), so a call's recording is the same every time. */
function random(seedText: string): () => number {
  let seed = 2166136261;
  for (let i = 0; i < seedText.length; i++) {
    seed = Math.imul(seed ^ seedText.charCodeAt(i), 16777619);
  }
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = seed;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Adds "speech" (tone syllables) to samples[start, end). */
function speak(
  samples: Float32Array,
  start: number,
  end: number,
  notes: number[],
  amplitude: number,
  next: () => number,
): void {
  let at = start;
  let syllables = 0;
  while (at < end) {
    const length = Math.min(Math.round(SAMPLE_RATE * (0.09 + next() * 0.1)), end - at);
    const frequency = notes[Math.floor(next() * notes.length)]!;
    const ramp = Math.max(1, Math.min(Math.round(SAMPLE_RATE * 0.02), Math.floor(length / 2)));
    for (let i = 0; i < length; i++) {
      const t = i / SAMPLE_RATE;
      const edge = Math.min(i, length - 1 - i);
      const envelope = edge < ramp ? 0.5 - 0.5 * Math.cos((Math.PI * edge) / ramp) : 1;
      const tone =
        Math.sin(2 * Math.PI * frequency * t) + 0.15 * Math.sin(4 * Math.PI * frequency * t);
      samples[at + i]! += amplitude * envelope * tone;
    }
    syllables++;
    // A short gap between syllables, a longer one between "words" now and then.
    at += length + Math.round(SAMPLE_RATE * (syllables % 5 === 0 ? 0.16 : 0.04));
  }
}

/**
 * A recording as long as the call: each turn lasts turnMs; the assistant speaks in its first
 * half, the respondent (when they speak) in its second.
 */
export function renderRecording(turns: RecordedTurn[], turnMs: number, seed: string): Buffer {
  const totalMs = Math.min(turns.length * turnMs, MAX_RECORDING_MS);
  const count = Math.max(1, Math.round((totalMs * SAMPLE_RATE) / 1000));
  const samples = new Float32Array(count);
  const next = random(seed);
  const turnSamples = (turnMs * SAMPLE_RATE) / 1000;
  turns.forEach((turn, index) => {
    const start = Math.round(index * turnSamples);
    if (start >= count) return;
    const at = (fraction: number) => Math.min(count, start + Math.round(turnSamples * fraction));
    if (turn.userSpeaks) {
      speak(samples, at(0.05), at(0.47), ASSISTANT_NOTES, 0.2, next);
      speak(samples, at(0.55), at(0.95), USER_NOTES, 0.18, next);
    } else {
      speak(samples, at(0.05), at(0.92), ASSISTANT_NOTES, 0.2, next);
    }
  });
  return encodeWav(samples);
}

/** 16-bit PCM mono WAV at SAMPLE_RATE from samples in [-1, 1]. */
export function encodeWav(samples: Float32Array): Buffer {
  const dataBytes = samples.length * BYTES_PER_SAMPLE;
  const buffer = Buffer.alloc(HEADER_BYTES + dataBytes);
  buffer.write("RIFF", 0, "ascii");
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write("WAVE", 8, "ascii");
  buffer.write("fmt ", 12, "ascii");
  buffer.writeUInt32LE(16, 16); // fmt chunk size
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(SAMPLE_RATE, 24);
  buffer.writeUInt32LE(SAMPLE_RATE * BYTES_PER_SAMPLE, 28); // byte rate
  buffer.writeUInt16LE(BYTES_PER_SAMPLE, 32); // block align
  buffer.writeUInt16LE(16, 34); // bits per sample
  buffer.write("data", 36, "ascii");
  buffer.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < samples.length; i++) {
    const value = Math.max(-1, Math.min(1, samples[i]!));
    buffer.writeInt16LE(Math.round(value * 32767), HEADER_BYTES + i * BYTES_PER_SAMPLE);
  }
  return buffer;
}
