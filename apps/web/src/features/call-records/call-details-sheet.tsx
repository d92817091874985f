import { Badge } from "@/components/ui/badge";
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { formatCallDate, formatDuration, STATUS_LABELS, statusTone } from "./format";
import { PlaybackControls } from "./playback-controls";
import { useCallRecord } from "./queries";
import { parseTranscript } from "./transcript";

/** SPEC.md §2 'Call Details': play/stop, Summary, and the chat-style Conversation. */
export function CallDetailsSheet({
  organizationId,
  callRecordId,
  onClose,
}: {
  organizationId: string;
  callRecordId: string | null;
  onClose: () => void;
}) {
  const details = useCallRecord(organizationId, callRecordId);
  const call = details.data;
  const lines = call ? parseTranscript(call.transcript) : [];
  return (
    <Sheet open={callRecordId !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <SheetContent className="w-full overflow-y-auto sm:max-w-lg">
        <SheetHeader className="pr-10">
          <SheetTitle className="text-lg">Call Details</SheetTitle>
          <SheetDescription>
            {call
              ? `${call.respondent.name ?? "Unknown respondent"} · ${call.formTitle ?? "Unknown form"} · attempt ${call.callAttempt}`
              : "Loading the call…"}
          </SheetDescription>
        </SheetHeader>
        {details.isLoading ? (
          <div className="flex flex-col gap-3 px-4" role="status" aria-label="Loading the call">
            <Skeleton className="h-10" />
            <Skeleton className="h-24" />
            <Skeleton className="h-40" />
          </div>
        ) : details.error || !call ? (
          <p className="px-4 text-sm text-destructive">
            {details.error?.message ?? "This call could not be loaded."}
          </p>
        ) : (
          <div className="flex flex-col gap-6 px-4 pb-6">
            <div className="flex flex-wrap items-center gap-3">
              <PlaybackControls
                callRecordId={call.id}
                hasRecording={call.hasRecording}
                label={`attempt ${call.callAttempt}`}
                withPause={false}
              />
              <Badge variant={statusTone(call.status)}>{STATUS_LABELS[call.status]}</Badge>
              <span className="text-sm text-muted-foreground">
                {formatCallDate(call.createdAt)} · {formatDuration(call.duration)}
              </span>
            </div>
            <section aria-labelledby="call-summary" className="flex flex-col gap-2">
              <h3 id="call-summary" className="font-semibold">
                Summary
              </h3>
              <p className="text-sm leading-relaxed text-muted-foreground">
                {call.summary || "No summary available for this call."}
              </p>
            </section>
            <section aria-labelledby="call-conversation" className="flex flex-col gap-2">
              <h3 id="call-conversation" className="font-semibold">
                Conversation
              </h3>
              {lines.length === 0 ? (
                <p className="text-sm text-muted-foreground">
                  No transcript available for this call.
                </p>
              ) : (
                <ol className="flex flex-col gap-2" aria-label="Conversation">
                  {lines.map((line, index) => (
                    <li
                      // biome-ignore lint/suspicious/noArrayIndexKey: a transcript's lines never reorder.
                      key={index}
                      data-from={line.from}
                      className={cn(
                        "max-w-[85%] rounded-2xl px-3 py-2 text-sm",
                        line.from === "assistant"
                          ? "self-end rounded-br-sm bg-primary text-primary-foreground"
                          : "self-start rounded-bl-sm bg-muted text-foreground",
                      )}
                    >
                      <span className="sr-only">
                        {line.from === "assistant" ? "Assistant: " : "Respondent: "}
                      </span>
                      {line.text}
                    </li>
                  ))}
                </ol>
              )}
            </section>
          </div>
        )}
      </SheetContent>
    </Sheet>
  );
}
