import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { toast } from "@/components/ui/sonner";
import { recordingLink } from "./queries";

type PlayerState = "loading" | "playing" | "paused";

/** The playback speeds offered. */
export const PLAYBACK_RATES = [1, 1.5, 2] as const;
export type PlaybackRate = (typeof PLAYBACK_RATES)[number];

interface Player {
  /** The attempt whose recording is loaded (playing or paused), or null when stopped. */
  current: string | null;
  state: PlayerState | null;
  rate: PlaybackRate;
  /** Plays an attempt's recording, from `fromSeconds` when given (a transcript line's time). */
  play(callRecordId: string, fromSeconds?: number): void;
  pause(): void;
  stop(): void;
  /** Jump to a time (seconds) in the current recording. */
  seek(seconds: number): void;
  setRate(rate: PlaybackRate): void;
  /** Saves an attempt's recording as a file (through a fresh signed link). */
  download(callRecordId: string): Promise<void>;
}

/** Where the current recording is: kept apart so that only the progress bar re-renders. */
interface Progress {
  position: number;
  /** Seconds, or null until the audio's metadata says. */
  duration: number | null;
}

const PlayerContext = createContext<Player | null>(null);
const ProgressContext = createContext<Progress>({ position: 0, duration: null });

const STOPPED: Progress = { position: 0, duration: null };

/**
 * One <audio> element for the whole page, so only one recording plays at a time:
 * playing another stops the first; the end of a recording resets it to stopped. Each play asks
 * for a fresh signed link (an <audio> element cannot send the bearer token). The chosen speed
 * stays for the next recording.
 */
export function RecordingPlayerProvider({
  organizationId,
  children,
}: {
  organizationId: string;
  children: ReactNode;
}) {
  const audio = useRef<HTMLAudioElement | null>(null);
  const [current, setCurrent] = useState<string | null>(null);
  const [state, setState] = useState<PlayerState | null>(null);
  const [rate, setRateState] = useState<PlaybackRate>(1);
  const [progress, setProgress] = useState<Progress>(STOPPED);
  const request = useRef(0);
  // Whether the listener wants it playing: a Pause pressed while the recording is still loading
  // holds, and the load that comes after it only sets the position.
  const wanted = useRef(false);

  const reset = useCallback(() => {
    setCurrent(null);
    setState(null);
    setProgress(STOPPED);
  }, []);

  const track = useCallback(() => {
    const a = audio.current;
    if (!a) return;
    setProgress({
      position: a.currentTime,
      duration: Number.isFinite(a.duration) ? a.duration : null,
    });
  }, []);
  const ended = useCallback(() => {
    request.current += 1;
    reset();
  }, [reset]);

  const stop = useCallback(() => {
    request.current += 1;
    const a = audio.current;
    if (a) {
      a.pause();
      a.removeAttribute("src");
      a.load();
    }
    reset();
  }, [reset]);

  const play = useCallback(
    (callRecordId: string, fromSeconds?: number) => {
      const a = audio.current;
      if (!a) return;
      const from = fromSeconds !== undefined && Number.isFinite(fromSeconds) ? fromSeconds : null;
      wanted.current = true;
      if (current === callRecordId && state !== null && a.src) {
        if (from !== null) {
          const end = Number.isFinite(a.duration) ? a.duration : from;
          a.currentTime = Math.min(Math.max(0, from), end);
          setProgress((p) => ({ ...p, position: a.currentTime }));
        }
        // Playing, or about to (the load below calls play): moving the position is all.
        if (state === "playing" || state === "loading") return;
        void a.play().then(
          () => setState("playing"),
          (error: unknown) => {
            if (!interrupted(error)) toast.error("Could not play recording");
          },
        );
        return;
      }
      const mine = ++request.current;
      a.pause();
      setCurrent(callRecordId);
      setState("loading");
      setProgress(STOPPED);
      recordingLink(organizationId, callRecordId)
        .then(async (link) => {
          if (mine !== request.current) return;
          a.src = link.url;
          a.defaultPlaybackRate = rate;
          a.playbackRate = rate;
          // Before the audio is there, this is where it starts once it is.
          if (from !== null) a.currentTime = from;
          if (!wanted.current) return;
          await a.play();
          if (mine === request.current && wanted.current) setState("playing");
        })
        .catch((error: unknown) => {
          if (mine !== request.current) return;
          // Paused before it started: the player stays paused, this recording still its.
          if (interrupted(error)) return;
          reset();
          const missing = (error as { status?: number }).status === 404;
          toast.error(
            missing ? "No recording available for this call" : "Could not play recording",
          );
        });
    },
    [current, organizationId, rate, reset, state],
  );

  const pause = useCallback(() => {
    wanted.current = false;
    audio.current?.pause();
    setState("paused");
  }, []);

  const seek = useCallback((seconds: number) => {
    const a = audio.current;
    if (!a?.src || !Number.isFinite(seconds)) return;
    const end = Number.isFinite(a.duration) ? a.duration : seconds;
    a.currentTime = Math.min(Math.max(0, seconds), end);
    setProgress((p) => ({ ...p, position: a.currentTime }));
  }, []);

  const setRate = useCallback((next: PlaybackRate) => {
    setRateState(next);
    if (audio.current) {
      audio.current.defaultPlaybackRate = next;
      audio.current.playbackRate = next;
    }
  }, []);

  const download = useCallback(
    async (callRecordId: string) => {
      try {
        const link = await recordingLink(organizationId, callRecordId);
        window.location.assign(`${link.url}&download=1`);
      } catch (error) {
        const missing = (error as { status?: number }).status === 404;
        toast.error(
          missing ? "No recording available for this call" : "Could not download the recording",
        );
      }
    },
    [organizationId],
  );

  useEffect(() => () => audio.current?.pause(), []);

  const player = useMemo(
    () => ({ current, state, rate, play, pause, stop, seek, setRate, download }),
    [current, state, rate, play, pause, stop, seek, setRate, download],
  );
  return (
    <PlayerContext.Provider value={player}>
      <ProgressContext.Provider value={progress}>{children}</ProgressContext.Provider>
      {/* The page's one player: no controls of its own (the rows and the sheet are them). */}
      {/* biome-ignore lint/a11y/useMediaCaption: call recordings have no captions; the Call Details transcript is their text. */}
      <audio
        ref={audio}
        preload="none"
        hidden
        data-recording-player
        onTimeUpdate={track}
        onSeeked={track}
        onDurationChange={track}
        onLoadedMetadata={track}
        onEnded={ended}
      />
    </PlayerContext.Provider>
  );
}

export function useRecordingPlayer(): Player {
  const player = useContext(PlayerContext);
  if (!player) throw new Error("useRecordingPlayer needs a RecordingPlayerProvider");
  return player;
}

export function useRecordingProgress(): Progress {
  return useContext(ProgressContext);
}

/**
 * Whether `play()` failed only because the user paused (or another load replaced the source)
 * before playback began: the browser rejects it with an AbortError, which is no failure to report.
 */
function interrupted(error: unknown): boolean {
  return error instanceof DOMException && error.name === "AbortError";
}
