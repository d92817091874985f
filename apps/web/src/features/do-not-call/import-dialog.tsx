import type { DoNotCallImportReport, DoNotCallImportRow } from "@ringback/contracts";
import { csvFileProblem, DO_NOT_CALL_IMPORT_MAX_ROWS } from "@ringback/contracts";
import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FieldError } from "@/components/ui/field-error";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/sonner";
import { SpinnerIcon } from "@/components/ui/spinner";
import { formatPhone } from "@/lib/phone-format";
import { useImportDoNotCall } from "./queries";

/** Files larger than this cannot be sent in one request (the API takes 1 MiB). */
const MAX_FILE_BYTES = 900 * 1024;
/** Rows shown in the table; the counts above it cover every row. */
const SHOWN_ROWS = 200;

const RESULT_LABELS: Record<DoNotCallImportRow["result"], string> = {
  added: "Will be added",
  "already-listed": "Already listed",
  duplicate: "Duplicate",
  rejected: "Rejected",
};
const DONE_LABELS: Record<DoNotCallImportRow["result"], string> = {
  ...RESULT_LABELS,
  added: "Added",
};

/**
 * Import CSV: choose a file, see a preview of every row (what would be added, what is already
 * listed, what is rejected and why), then import; the report afterwards says the same of what
 * happened. Nothing is changed before "Import".
 */
export function ImportDialog({
  organizationId,
  open,
  onOpenChange,
}: {
  organizationId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const fileId = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [report, setReport] = useState<DoNotCallImportReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const run = useImportDoNotCall(organizationId);

  const reset = () => {
    setCsv(null);
    setFileName(null);
    setReport(null);
    setError(null);
  };
  const close = (next: boolean) => {
    if (run.isPending) return;
    if (!next) reset();
    onOpenChange(next);
  };

  const preview = async (file: File) => {
    setReport(null);
    setError(null);
    setFileName(file.name);
    if (file.size > MAX_FILE_BYTES) {
      setCsv(null);
      setError(
        `The file is too large (${Math.round(file.size / 1024)} KB). Split it into files under 900 KB.`,
      );
      return;
    }
    // Read as UTF-8, as the server reads it; a file that is not CSV text is refused here at once.
    const text = await file.text();
    const problem = csvFileProblem(text);
    if (problem) {
      setCsv(null);
      setError(problem);
      return;
    }
    setCsv(text);
    try {
      setReport(await run.mutateAsync({ csv: text, dryRun: true }));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "The file could not be read.");
    }
  };

  const importNow = async () => {
    if (!csv) return;
    try {
      const done = await run.mutateAsync({ csv, dryRun: false });
      setReport(done);
      toast.success(
        `${done.added.toLocaleString()} ${done.added === 1 ? "number" : "numbers"} added to the do-not-call list`,
        done.rejected > 0
          ? { description: `${done.rejected.toLocaleString()} rejected — see the report.` }
          : undefined,
      );
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "The import failed.");
    }
  };

  const done = report !== null && !report.dryRun;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Import CSV</DialogTitle>
          <DialogDescription>
            One number per row, in any format (without + and a country code, a US number). A header
            row with a "Phone" column and an optional "Reason" column is read; without one, the
            first column is the number and the second the reason. Up to{" "}
            {DO_NOT_CALL_IMPORT_MAX_ROWS.toLocaleString()} rows.
          </DialogDescription>
        </DialogHeader>

        {done ? null : (
          <div className="grid gap-2">
            <Label htmlFor={fileId}>CSV file</Label>
            <input
              id={fileId}
              type="file"
              accept=".csv,text/csv,text/plain"
              disabled={run.isPending}
              className="text-sm file:mr-3 file:rounded-md file:border file:border-input file:bg-background file:px-3 file:py-1.5 file:text-sm file:font-medium"
              onChange={(e) => {
                const file = e.target.files?.[0];
                if (file) void preview(file);
              }}
              aria-invalid={Boolean(error)}
            />
            <FieldError fieldId={fileId} error={error} />
          </div>
        )}

        {run.isPending ? (
          <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
            <SpinnerIcon />
            {report ? "Importing…" : `Reading ${fileName ?? "the file"}…`}
          </p>
        ) : null}

        {report ? <ImportReport report={report} /> : null}
        {done && error ? <FieldError fieldId={fileId} error={error} /> : null}

        <DialogFooter>
          {done ? (
            <Button onClick={() => close(false)}>Done</Button>
          ) : (
            <>
              <Button variant="outline" onClick={() => close(false)} disabled={run.isPending}>
                Cancel
              </Button>
              <Button
                onClick={() => void importNow()}
                disabled={!report || report.added === 0 || run.isPending}
              >
                {report && report.added > 0
                  ? `Import ${report.added.toLocaleString()} ${report.added === 1 ? "number" : "numbers"}`
                  : "Import"}
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function ImportReport({ report }: { report: DoNotCallImportReport }) {
  const labels = report.dryRun ? RESULT_LABELS : DONE_LABELS;
  // Problems first: they are what needs reading.
  const order = { rejected: 0, duplicate: 1, "already-listed": 2, added: 3 } as const;
  const rows = [...report.rows].sort(
    (a, b) => order[a.result] - order[b.result] || a.line - b.line,
  );
  const counts: [string, number][] = [
    [report.dryRun ? "to add" : "added", report.added],
    ["already listed", report.alreadyListed],
    ["duplicates", report.duplicates],
    ["rejected", report.rejected],
  ];
  return (
    <section aria-label={report.dryRun ? "Preview" : "Report"} className="grid gap-3">
      <p className="text-sm" aria-live="polite">
        {counts.map(([label, n], i) => (
          <span key={label}>
            {i > 0 ? " · " : null}
            <span className="font-medium">{n.toLocaleString()}</span> {label}
          </span>
        ))}
      </p>
      <div className="max-h-72 overflow-auto rounded-md border">
        <table className="w-full text-sm">
          <caption className="sr-only">Rows of the file</caption>
          <thead className="sticky top-0 bg-muted text-left">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Line
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Number
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                Result
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, SHOWN_ROWS).map((row) => (
              <tr key={row.line} className="border-t align-top">
                <td className="px-3 py-2 tabular-nums text-muted-foreground">{row.line}</td>
                <td className="px-3 py-2">
                  <div className="whitespace-nowrap">
                    {row.phoneNumber
                      ? (formatPhone(row.phoneNumber) ?? row.phoneNumber)
                      : row.input || "(empty)"}
                  </div>
                  {row.result !== "rejected" ? (
                    <div className="text-xs text-muted-foreground">{row.reason}</div>
                  ) : null}
                </td>
                <td className="px-3 py-2">
                  <Badge
                    variant={
                      row.result === "rejected"
                        ? "destructive"
                        : row.result === "added"
                          ? "success"
                          : "secondary"
                    }
                  >
                    {labels[row.result]}
                  </Badge>
                  {row.problem ? (
                    <div className="mt-1 text-xs text-muted-foreground">{row.problem}</div>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > SHOWN_ROWS ? (
        <p className="text-xs text-muted-foreground">
          Showing the first {SHOWN_ROWS} rows, problems first; the counts cover all{" "}
          {rows.length.toLocaleString()}.
        </p>
      ) : null}
    </section>
  );
}
