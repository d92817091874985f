import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from "react";
import { toast } from "@/components/ui/sonner";
import { recordingLink } from "./queries";

type PlayerState = "loading" | "playing" | "paused";

interface Player {
  /** The attempt whose recording is loaded (playing or paused), or null when stopped. */
  current: string | null;
  state: PlayerState | null;
  play(callRecordId: string): void;
  pause(): void;
  stop(): void;
}

const PlayerContext = createContext<Player | null>(null);

/**
 * One <audio> element for the whole page, so only one recording plays at a time (SPEC.md §2):
 * playing another stops the first; the end of a recording resets it to stopped. Each play asks
 * for a fresh signed link (an <audio> element cannot send the bearer token).
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
  const request = useRef(0);

  const element = useCallback(() => {
    if (!audio.current) {
      const created = new Audio();
      created.preload = "none";
      created.addEventListener("ended", () => {
        setCurrent(null);
        setState(null);
      });
      audio.current = created;
    }
    return audio.current;
  }, []);

  const stop = useCallback(() => {
    request.current += 1;
    const a = audio.current;
    if (a) {
      a.pause();
      a.removeAttribute("src");
      a.load();
    }
    setCurrent(null);
    setState(null);
  }, []);

  const play = useCallback(
    (callRecordId: string) => {
      const a = element();
      if (current === callRecordId && state === "paused") {
        void a.play().then(
          () => setState("playing"),
          () => toast.error("Could not play recording"),
        );
        return;
      }
      const mine = ++request.current;
      a.pause();
      setCurrent(callRecordId);
      setState("loading");
      recordingLink(organizationId, callRecordId)
        .then(async (link) => {
          if (mine !== request.current) return;
          a.src = link.url;
          await a.play();
          if (mine === request.current) setState("playing");
        })
        .catch((error: unknown) => {
          if (mine !== request.current) return;
          setCurrent(null);
          setState(null);
          const missing = (error as { status?: number }).status === 404;
          toast.error(
            missing ? "No recording available for this call" : "Could not play recording",
          );
        });
    },
    [current, element, organizationId, state],
  );

  const pause = useCallback(() => {
    audio.current?.pause();
    setState("paused");
  }, []);

  useEffect(() => () => audio.current?.pause(), []);

  return (
    <PlayerContext.Provider value={{ current, state, play, pause, stop }}>
      {children}
    </PlayerContext.Provider>
  );
}

export function useRecordingPlayer(): Player {
  const player = useContext(PlayerContext);
  if (!player) throw new Error("useRecordingPlayer needs a RecordingPlayerProvider");
  return player;
}
