import { can, type Permission } from "@ringback/contracts";
import {
  AudioLines,
  LayoutDashboard,
  type LucideIcon,
  PhoneCall,
  PhoneOff,
  Plus,
  UserRound,
  Webhook,
} from "lucide-react";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { Link, NavLink, Outlet, useLocation } from "react-router";
import { Brand } from "@/components/brand";
import { CreateOrganizationDialog } from "@/components/create-organization-dialog";
import { releaseFirstView } from "@/components/first-view-hold";
import { OrganizationFromUrl } from "@/components/organization-from-url";
import { PageBoundary } from "@/components/page-error-boundary";
import {
  Sidebar,
  SidebarContent,
  SidebarGroup,
  SidebarGroupLabel,
  SidebarHeader,
  SidebarInset,
  SidebarMenu,
  SidebarMenuButton,
  SidebarMenuItem,
  SidebarProvider,
  SidebarTrigger,
  useSidebar,
} from "@/components/ui/sidebar";
import { connectionState, subscribeConnection } from "@/lib/connection";
import { useLiveUpdates } from "@/lib/live-updates";
import { useCurrentOrganization } from "@/lib/organizations";
import { organizationSettingsPages } from "@/lib/settings-pages";
import { cn } from "@/lib/utils";
import { LiveUpdatesBanner } from "./live-updates-banner";
import { OrganizationSwitcher } from "./organization-switcher";
import { UserMenu } from "./user-menu";

const mainNav = [
  { to: "/admin/dashboard", label: "Dashboard", icon: LayoutDashboard },
  { to: "/admin/call-records", label: "Call Records", icon: PhoneCall },
] as const;

const settingsNav: readonly {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Shown only to the roles that hold it. */
  permission?: Permission;
}[] = [
  // The organization's settings, a page each: details, team, limits, API keys, audit trail.
  ...organizationSettingsPages,
  { to: "/admin/settings/do-not-call", label: "Do Not Call", icon: PhoneOff },
  { to: "/admin/settings/webhooks", label: "Webhooks", icon: Webhook },
  // The voice platform and its keys, for owners and admins.
  { to: "/admin/settings/voice", label: "Voice", icon: AudioLines, permission: "voice:manage" },
  { to: "/admin/settings/profile", label: "Profile", icon: UserRound },
];

/** The admin header and collapsible sidebar (Ctrl/Cmd+B), around every /admin page. */
export function AdminLayout() {
  const { pathname } = useLocation();
  const [creating, setCreating] = useState(false);
  const { current, role } = useCurrentOrganization();
  const live = useLiveUpdates(current?.id);
  // A request that could not reach the server says so too (the stream may not have noticed yet).
  const serverDown = useSyncExternalStore(subscribeConnection, connectionState) === "down";
  // The page's first view (if its HTML had one) has been replaced by the frame and the page.
  useEffect(() => releaseFirstView(), []);
  return (
    <SidebarProvider>
      <OrganizationFromUrl />
      <Sidebar>
        {/* A landmark, like everything on the page: the sidebar is the site's navigation. */}
        <nav aria-label="Sidebar" className="flex h-full min-h-0 flex-col">
          <SidebarHeader className="h-14 justify-center border-b px-3">
            <Link to="/admin/dashboard" aria-label="Ringback dashboard">
              <Brand className="group-data-[state=collapsed]:hidden" />
              <Brand compact className="hidden group-data-[state=collapsed]:inline-flex" />
            </Link>
          </SidebarHeader>
          <SidebarContent>
            {[
              { label: "Workspace", items: mainNav },
              {
                label: "Settings",
                items: settingsNav.filter((item) => !item.permission || can(role, item.permission)),
              },
            ].map((group) => (
              <SidebarGroup key={group.label}>
                <SidebarGroupLabel>{group.label}</SidebarGroupLabel>
                <SidebarMenu>
                  {group.items.map((item) => (
                    <SidebarMenuItem key={item.to}>
                      <SidebarMenuButton
                        asChild
                        isActive={pathname.startsWith(item.to)}
                        tooltip={item.label}
                      >
                        <Link to={item.to}>
                          <item.icon aria-hidden="true" />
                          <span>{item.label}</span>
                        </Link>
                      </SidebarMenuButton>
                    </SidebarMenuItem>
                  ))}
                </SidebarMenu>
              </SidebarGroup>
            ))}
            <SidebarGroup>
              <SidebarMenu>
                <SidebarMenuItem>
                  {/* Always here: the switcher offers it only with two or more organizations. */}
                  <SidebarMenuButton
                    tooltip="Create Organization"
                    onClick={() => setCreating(true)}
                  >
                    <Plus aria-hidden="true" />
                    <span>Create Organization</span>
                  </SidebarMenuButton>
                </SidebarMenuItem>
              </SidebarMenu>
            </SidebarGroup>
          </SidebarContent>
        </nav>
      </Sidebar>
      <SidebarInset>
        <div className="sticky top-0 z-20">
          <header className="flex h-14 items-center gap-2 border-b bg-background/95 px-3 backdrop-blur sm:gap-4 sm:px-4">
            <SidebarTrigger />
            <Link to="/admin/dashboard" className="md:hidden" aria-label="Ringback dashboard">
              <Brand compact />
            </Link>
            <nav aria-label="Main" className="flex items-center gap-1">
              {mainNav.map((item) => (
                <NavLink
                  key={item.to}
                  to={item.to}
                  className={({ isActive }) =>
                    cn(
                      "whitespace-nowrap rounded-md px-2 py-1.5 text-sm font-medium sm:px-2.5 text-muted-foreground transition-colors hover:bg-accent hover:text-foreground",
                      isActive && "bg-accent text-foreground",
                    )
                  }
                >
                  {item.label}
                </NavLink>
              ))}
            </nav>
            <div className="ml-auto flex min-w-0 items-center gap-2 sm:gap-3">
              <OrganizationSwitcher />
              <UserMenu />
            </div>
          </header>
          <LiveUpdatesBanner status={serverDown ? "paused" : live} />
        </div>
        <main className="flex-1 p-4 sm:p-6 lg:p-8">
          <PageBoundary>
            <Outlet />
          </PageBoundary>
        </main>
      </SidebarInset>
      <CreateOrganizationDialog open={creating} onOpenChange={setCreating} />
      <MobileSidebarCloser creating={creating} />
    </SidebarProvider>
  );
}

/**
 * On a phone the sidebar is a sheet over the page: going to a page from it, or
 * creating an organization from it, closes it — else it would stay over the page just opened.
 */
function MobileSidebarCloser({ creating }: { creating: boolean }) {
  const { pathname } = useLocation();
  const { setOpenMobile } = useSidebar();
  const wasCreating = useRef(creating);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page changes
  useEffect(() => setOpenMobile(false), [pathname]);
  useEffect(() => {
    if (wasCreating.current && !creating) setOpenMobile(false);
    wasCreating.current = creating;
  }, [creating, setOpenMobile]);
  return null;
}
