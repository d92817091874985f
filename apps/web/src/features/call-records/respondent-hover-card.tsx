import type { CallGroup } from "@ringback/contracts";
import { useEffect, useState } from "react";
import { HoverCard, HoverCardContent, HoverCardTrigger } from "@/components/ui/hover-card";
import { AVATAR_SIZE, avatarUrl, initials } from "./avatar";

/** The respondent's picture (Gravatar), or their initials when it cannot load (offline). */
function RespondentAvatar({ name, email }: { name: string | null; email: string | null }) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setFailed(false);
    if (email) void avatarUrl(email).then((u) => live && setUrl(u));
    else setUrl(null);
    return () => {
      live = false;
    };
  }, [email]);
  return (
    <span
      className="relative flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-accent text-lg font-semibold text-accent-foreground"
      style={{ width: AVATAR_SIZE, height: AVATAR_SIZE }}
    >
      <span aria-hidden="true">{initials(name, email)}</span>
      {url && !failed ? (
        <img
          src={url}
          alt=""
          width={AVATAR_SIZE}
          height={AVATAR_SIZE}
          className="absolute inset-0 size-full object-cover"
          referrerPolicy="no-referrer"
          onError={() => setFailed(true)}
        />
      ) : null}
    </span>
  );
}

/** The respondent's name with a hover card (avatar, email, phone). */
export function RespondentHoverCard({ respondent }: { respondent: CallGroup["respondent"] }) {
  const name = respondent.name?.trim() || "Unknown respondent";
  const hasContact = Boolean(respondent.email || respondent.phone);
  return (
    <HoverCard>
      <HoverCardTrigger asChild>
        <button
          type="button"
          className="min-h-6 max-w-56 truncate py-0.5 text-left font-medium underline-offset-4 hover:underline focus-visible:underline"
        >
          {name}
        </button>
      </HoverCardTrigger>
      <HoverCardContent className="w-80">
        <div className="flex items-center gap-4">
          <RespondentAvatar name={respondent.name} email={respondent.email} />
          <div className="flex min-w-0 flex-col gap-1 text-sm">
            <p className="font-semibold break-words">{name}</p>
            {hasContact ? (
              <>
                {respondent.email ? (
                  <a
                    className="break-all text-primary underline-offset-4 hover:underline"
                    href={`mailto:${respondent.email}`}
                  >
                    {respondent.email}
                  </a>
                ) : null}
                {respondent.phone ? (
                  <a
                    className="text-primary underline-offset-4 hover:underline"
                    href={`tel:${respondent.phone}`}
                  >
                    {respondent.phone}
                  </a>
                ) : null}
              </>
            ) : (
              <p className="text-muted-foreground">No contact information available</p>
            )}
          </div>
        </div>
      </HoverCardContent>
    </HoverCard>
  );
}
