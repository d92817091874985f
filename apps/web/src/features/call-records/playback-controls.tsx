import { Download, Pause, Play, Square } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { SpinnerIcon } from "@/components/ui/spinner";
import { formatClock, spokenDuration } from "@/lib/call-format";
import { cn } from "@/lib/utils";
import { PLAYBACK_RATES, useRecordingPlayer, useRecordingProgress } from "./recording-player";

/** Play / pause / stop for one attempt's recording, or 'No recording'. */
export function PlaybackControls({
  callRecordId,
  hasRecording,
  label,
  withPause = true,
}: {
  callRecordId: string;
  hasRecording: boolean;
  /** Names the recording for screen readers, e.g. "attempt 2". */
  label: string;
  withPause?: boolean;
}) {
  const player = useRecordingPlayer();
  if (!hasRecording) return <span className="text-sm text-muted-foreground">No recording</span>;
  const mine = player.current === callRecordId;
  const playing = mine && player.state === "playing";
  return (
    <div className="flex items-center gap-1">
      {mine && player.state === "loading" ? (
        <Button size="icon" variant="outline" disabled aria-label={`Loading recording of ${label}`}>
          <SpinnerIcon />
        </Button>
      ) : playing && withPause ? (
        <Button
          size="icon"
          variant="outline"
          aria-label={`Pause recording of ${label}`}
          onClick={() => player.pause()}
        >
          <Pause aria-hidden="true" />
        </Button>
      ) : (
        <Button
          size="icon"
          variant="outline"
          aria-label={`Play recording of ${label}`}
          onClick={() => player.play(callRecordId)}
          disabled={playing}
        >
          <Play aria-hidden="true" />
        </Button>
      )}
      <Button
        size="icon"
        variant="outline"
        aria-label={`Stop recording of ${label}`}
        onClick={() => player.stop()}
        disabled={!mine}
      >
        <Square aria-hidden="true" />
      </Button>
    </div>
  );
}

/**
 * The rest of a real player for one recording: a progress bar that seeks (a
 * native range input, so arrows, Page Up/Down, Home and End work and screen readers announce
 * "1 minute 5 seconds of 2 minutes"), elapsed and total time, the speed (1×, 1.5×, 2×) and a
 * download. Until this recording is the one playing, the bar rests at 0 and the total is the
 * call's duration.
 */
export function RecordingProgress({
  callRecordId,
  label,
  knownDuration,
  className,
}: {
  callRecordId: string;
  label: string;
  /** The call's duration in seconds, shown until the audio says its own. */
  knownDuration: number | null;
  className?: string;
}) {
  const player = useRecordingPlayer();
  const progress = useRecordingProgress();
  const [downloading, setDownloading] = useState(false);
  const mine = player.current === callRecordId;
  const total = (mine ? progress.duration : null) ?? knownDuration ?? null;
  const position = mine ? progress.position : 0;
  const seekable = mine && player.state !== "loading" && progress.duration !== null;
  const save = async () => {
    setDownloading(true);
    await player.download(callRecordId);
    setDownloading(false);
  };
  return (
    <div className={cn("flex flex-wrap items-center gap-x-3 gap-y-2", className)}>
      <div className="flex min-w-48 flex-1 items-center gap-2">
        <input
          type="range"
          min={0}
          max={total && total > 0 ? total : 1}
          step={1}
          value={Math.floor(position)}
          disabled={!seekable}
          onChange={(e) => player.seek(Number(e.target.value))}
          aria-label={`Position in the recording of ${label}`}
          aria-valuetext={`${spokenDuration(position)} of ${spokenDuration(total)}`}
          className="h-6 min-w-0 flex-1 cursor-pointer accent-primary disabled:cursor-default disabled:opacity-60"
        />
        <span className="shrink-0 text-xs text-muted-foreground tabular-nums" aria-hidden="true">
          {formatClock(position)} / {formatClock(total)}
        </span>
      </div>
      <div className="flex items-center gap-1">
        <fieldset className="flex items-center gap-0.5 rounded-md border p-0.5">
          <legend className="sr-only">Playback speed</legend>
          {PLAYBACK_RATES.map((rate) => (
            <button
              key={rate}
              type="button"
              aria-pressed={player.rate === rate}
              aria-label={`${rate}× speed`}
              onClick={() => player.setRate(rate)}
              className={cn(
                "min-h-6 min-w-9 rounded-sm px-1.5 text-xs font-medium tabular-nums outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50",
                player.rate === rate
                  ? "bg-primary text-primary-foreground"
                  : "text-muted-foreground hover:bg-accent hover:text-accent-foreground",
              )}
            >
              {rate}×
            </button>
          ))}
        </fieldset>
        <Button
          size="icon"
          variant="ghost"
          className="size-8"
          aria-label={`Download recording of ${label}`}
          disabled={downloading}
          onClick={() => void save()}
        >
          {downloading ? <SpinnerIcon /> : <Download aria-hidden="true" />}
        </Button>
      </div>
    </div>
  );
}
