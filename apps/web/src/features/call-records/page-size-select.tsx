import { CALL_RECORDS_PAGE_SIZES } from "@ringback/contracts";
import { memo, useId } from "react";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/components/ui/select";
import { type CallRecordsPageSize, parsePageSize } from "./url-state";

/** "Rows per page": 10, 25, 50 or 100 submissions a page (the server says which applied). */
export const PageSizeSelect = memo(function PageSizeSelect({
  value,
  onChange,
}: {
  value: CallRecordsPageSize;
  onChange: (size: CallRecordsPageSize) => void;
}) {
  const labelId = useId();
  return (
    <div className="flex items-center gap-2">
      <span id={labelId} className="text-sm text-muted-foreground">
        Rows per page
      </span>
      <Select value={String(value)} onValueChange={(size) => onChange(parsePageSize(size))}>
        <SelectTrigger aria-labelledby={labelId} className="min-h-8 w-20 py-1">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {CALL_RECORDS_PAGE_SIZES.map((size) => (
            <SelectItem key={size} value={String(size)}>
              {size}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
});
