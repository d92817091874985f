import type { CallingWindow } from "@ringback/contracts";
import { lawfulCallingWindow } from "../../apps/server/src/domain/calls/calling-hours.ts";
import { timeZoneForNumber } from "../../apps/server/src/domain/calls/calling-window.ts";

const WIDTH = 30;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** The wall-clock minutes since midnight at `now` in `timeZone`. */
function localMinutes(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    hour: "numeric",
    minute: "numeric",
  }).formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return get("hour") * 60 + get("minute");
}

/**
 * A calling window for an assistant that calls `phone` (and numbers of its area: same zone, same
 * law) that is lawful there — inside the law's hours at the number, 08:00–21:00 or its state's
 * stricter ones — but closed at `now` there, and stays closed for hours: the law's first half
 * hour once that is over today, else (before 08:30) its last half hour. The next opening is then
 * at least seven hours away (eight, but for a clock change), so ingest stores every attempt as
 * scheduled for later and nothing is dialled while a benchmark runs, whatever the hour it starts.
 */
export function closedLawfulWindow(now: Date, phone: string): CallingWindow & { timeZone: string } {
  const law = lawfulCallingWindow({ start: "00:00", end: "23:59" }, phone);
  if (!law) throw new Error(`No lawful calling hours for ${phone}`);
  const timeZone = timeZoneForNumber(phone, "UTC");
  const lawStart = minutesOf(law.start);
  const lawEnd = minutesOf(law.end);
  const window =
    localMinutes(now, timeZone) >= lawStart + WIDTH
      ? { start: lawStart, end: lawStart + WIDTH }
      : { start: lawEnd - WIDTH, end: lawEnd };
  return { start: hhmm(window.start), end: hhmm(window.end), timeZone };
}
