import { Pause, Play, Square } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { useRecordingPlayer } from "./recording-player";

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
          <Spinner className="size-4" />
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
