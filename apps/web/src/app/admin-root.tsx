import { TooltipProvider } from "@/components/ui/tooltip";
import { AdminLayout } from "@/features/admin-shell/admin-layout";
import { RequireAuth } from "@/features/auth/require-auth";
import { CallDetailsSheet } from "@/features/call-records/call-details-sheet-lazy";
import { CallDetailsSlot } from "@/lib/call-details-slot";
import { seedOrganizationsOnFirstLoad } from "@/lib/organizations";
import { warmClassMerge } from "@/lib/utils";
import { QueriesProvider, queryClient } from "./queries";

export { RequireAuth };

seedOrganizationsOnFirstLoad(queryClient);
warmClassMerge();

/** /admin: signed-in users only, inside the sidebar layout. */
export function AdminRoot() {
  return (
    <QueriesProvider>
      <TooltipProvider>
        <RequireAuth>
          <CallDetailsSlot.Provider value={CallDetailsSheet}>
            <AdminLayout />
          </CallDetailsSlot.Provider>
        </RequireAuth>
      </TooltipProvider>
    </QueriesProvider>
  );
}
