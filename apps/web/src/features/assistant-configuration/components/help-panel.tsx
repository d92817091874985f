import { ExternalLink, PlayCircle, VideoOff, X } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "@/components/ui/button";
import { useFormSource } from "@/lib/integrations";
import { cn } from "@/lib/utils";
import { helpVideo, stepHelp } from "../help-content";

/** The walkthrough video, set at build time (VITE_HELP_VIDEO_URL, any YouTube link). */
const HELP_VIDEO_URL = (import.meta.env.VITE_HELP_VIDEO_URL as string | undefined) ?? "";

interface HelpPanelProps {
  step: number;
  /** The assistant's form source (its id). */
  source: string;
  onClose: () => void;
  className?: string;
}

/** The optional help panel: what the current step is for, and the walkthrough video. */
export function HelpPanel({ step, source, onClose, className }: HelpPanelProps) {
  const steps = stepHelp(useFormSource(source));
  const help = steps[step] ?? steps[0]!;
  const video = helpVideo(HELP_VIDEO_URL);
  return (
    <section aria-labelledby="wizard-help-heading" className={cn("flex flex-col gap-4", className)}>
      <div className="flex items-center justify-between gap-2">
        <h2 id="wizard-help-heading" className="text-lg font-semibold">
          Help
        </h2>
        <Button variant="ghost" size="icon" onClick={onClose} aria-label="Close panel">
          <X aria-hidden="true" />
        </Button>
      </div>
      <div className="flex flex-col gap-2">
        <h3 className="text-sm font-semibold">About this step</h3>
        <p className="text-sm text-muted-foreground">{help.summary}</p>
        <ul className="ml-4 list-disc space-y-1.5 text-sm text-muted-foreground">
          {help.tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </div>
      {video ? <HelpVideo embedUrl={video.embedUrl} watchUrl={video.watchUrl} /> : null}
    </section>
  );
}

/**
 * A click-to-play card: nothing is loaded from YouTube until the person asks for the video.
 * When the page's content security policy (or a missing network) keeps the player out, the
 * card says so and the link to YouTube remains.
 */
function HelpVideo({ embedUrl, watchUrl }: { embedUrl: string; watchUrl: string }) {
  const [state, setState] = useState<"idle" | "playing" | "blocked">("idle");

  useEffect(() => {
    if (state !== "playing") return;
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.blockedURI.includes("youtube")) setState("blocked");
    };
    document.addEventListener("securitypolicyviolation", onViolation);
    return () => document.removeEventListener("securitypolicyviolation", onViolation);
  }, [state]);

  return (
    <div className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">Video walkthrough</h3>
      {state === "playing" ? (
        <iframe
          src={embedUrl}
          title="Setting up an assistant (video)"
          className="aspect-video w-full rounded-lg border bg-muted"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      ) : (
        <div className="flex aspect-video w-full flex-col items-center justify-center gap-2 rounded-lg border bg-gradient-to-br from-accent to-muted p-4 text-center">
          {state === "blocked" ? (
            <>
              <VideoOff className="size-8 text-muted-foreground" aria-hidden="true" />
              <p className="text-sm text-muted-foreground">
                The video can’t play here. Watch it on YouTube instead.
              </p>
            </>
          ) : (
            <Button variant="secondary" onClick={() => setState("playing")}>
              <PlayCircle aria-hidden="true" />
              Play video
            </Button>
          )}
        </div>
      )}
      <a
        href={watchUrl}
        target="_blank"
        rel="noreferrer"
        className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
      >
        Watch on YouTube
        <ExternalLink className="size-3.5" aria-hidden="true" />
      </a>
    </div>
  );
}
