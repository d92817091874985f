import type { OrganizationRole } from "@ringback/contracts";
import {
  matchRoutes,
  Navigate,
  type NonIndexRouteObject,
  type RouteObject,
  useLocation,
  useParams,
  useRoutes,
} from "react-router";
import { LandingPage } from "@/features/landing/landing-page";
import { type LazyPage, lazyPage } from "../lib/lazy-page";
import { loadAdminRoot, loadCallRecords, loadDashboard } from "./lazy-modules";
import { ensureShell, needsShell, RootLayout } from "./root-layout";

/** The old configure-assistant routes redirect to assistant-configuration. */
function LegacyConfigureAssistantRedirect() {
  const { assistantId } = useParams();
  return (
    <Navigate
      replace
      to={
        assistantId
          ? `/admin/assistant-configuration/${assistantId}`
          : "/admin/assistant-configuration"
      }
    />
  );
}

/** The Voice page is for owners and admins; others see Access Denied. */
const VOICE_ROLES: readonly OrganizationRole[] = ["owner", "admin"];

// Every page but the landing page loads when it is first shown: the landing page stays small.
const LoginPage = lazyPage(
  () => import("@/features/auth/login-page"),
  (m) => m.LoginPage,
);
const loadQueries = () => import("./queries");
const SignupPage = lazyPage(
  () => Promise.all([import("@/features/auth/signup-page"), loadQueries()]),
  ([m, { withQueries }]) => withQueries(m.SignupPage),
);
const EmailVerificationPage = lazyPage(
  () => import("@/features/auth/email-verification-page"),
  (m) => m.EmailVerificationPage,
);
const ForgotPasswordPage = lazyPage(
  () => import("@/features/auth/forgot-password-page"),
  (m) => m.ForgotPasswordPage,
);
const UnauthorizedPage = lazyPage(
  () => import("@/features/errors/unauthorized-page"),
  (m) => m.UnauthorizedPage,
);
const AcceptInvitationPage = lazyPage(
  () => Promise.all([import("@/features/invitations/accept-invitation-page"), loadQueries()]),
  ([m, { withQueries }]) => withQueries(m.AcceptInvitationPage),
);
const OptOutPage = lazyPage(
  () => import("@/features/opt-out/opt-out-page"),
  (m) => m.OptOutPage,
);
const loadNotFound = () => import("@/features/errors/not-found-page");
const NotFoundPage = lazyPage(loadNotFound, (m) => m.NotFoundPage);

const AdminRoot = lazyPage(loadAdminRoot, (m) => m.AdminRoot);
const DashboardPage = lazyPage(loadDashboard, (m) => m.DashboardPage);
const CallRecordsPage = lazyPage(loadCallRecords, (m) => m.CallRecordsPage);
const loadWizard = () => import("@/features/assistant-configuration/assistant-configuration-page");
const NewAssistantPage = lazyPage(loadWizard, (m) => m.NewAssistantPage);
const AssistantConfigurationPage = lazyPage(loadWizard, (m) => m.AssistantConfigurationPage);
const OrganizationSettingsPage = lazyPage(
  () => import("@/features/organization-settings/organization-settings-page"),
  (m) => m.OrganizationSettingsPage,
);
const TeamPage = lazyPage(
  () => import("@/features/organization-settings/team-page"),
  (m) => m.TeamPage,
);
const CallLimitsPage = lazyPage(
  () => import("@/features/organization-settings/call-limits-page"),
  (m) => m.CallLimitsPage,
);
const ApiKeysPage = lazyPage(
  () => import("@/features/organization-settings/api-keys-page"),
  (m) => m.ApiKeysPage,
);
const AuditTrailPage = lazyPage(
  () => import("@/features/organization-settings/audit-trail-page"),
  (m) => m.AuditTrailPage,
);
const ProfilePage = lazyPage(
  () => import("@/features/profile/profile-page"),
  (m) => m.ProfilePage,
);
const DoNotCallPage = lazyPage(
  () => import("@/features/do-not-call/do-not-call-page"),
  (m) => m.DoNotCallPage,
);
const WebhooksPage = lazyPage(
  () => import("@/features/webhooks/webhooks-page"),
  (m) => m.WebhooksPage,
);
const VoiceSettingsPage = lazyPage(
  () => Promise.all([loadAdminRoot(), import("@/features/voice-settings/voice-settings-page")]),
  ([{ RequireAuth }, { VoiceSettingsPage }]) =>
    function VoiceSettingsRoute() {
      return (
        <RequireAuth roles={VOICE_ROLES}>
          <VoiceSettingsPage />
        </RequireAuth>
      );
    },
);
const FormConnectionPage = lazyPage(
  () => import("@/features/form-connection/form-connection-page"),
  (m) => m.FormConnectionPage,
);
const AdminNotFoundPage = lazyPage(
  loadNotFound,
  (m) =>
    function AdminNotFound() {
      return <m.NotFoundPage inAdminLayout />;
    },
);

/** A route that shows a lazily loaded page; `handle` lets the root layout preload it. */
function page(path: string, Page: LazyPage): NonIndexRouteObject {
  return { path, element: <Page />, handle: Page };
}

/** Every route of the app. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: "/", element: <LandingPage /> },
      page("/login", LoginPage),
      page("/signup", SignupPage),
      page("/email-verification", EmailVerificationPage),
      page("/forgot-password", ForgotPasswordPage),
      page("/unauthorized", UnauthorizedPage),
      page("/invitations/:token", AcceptInvitationPage),
      // Public, no sign-in.
      page("/opt-out", OptOutPage),
      {
        ...page("/admin", AdminRoot),
        children: [
          { index: true, element: <Navigate replace to="/admin/dashboard" /> },
          page("dashboard", DashboardPage),
          page("call-records/:callRecordId?", CallRecordsPage),
          page("assistant-configuration", NewAssistantPage),
          page("assistant-configuration/:assistantId", AssistantConfigurationPage),
          page("settings/organization", OrganizationSettingsPage),
          page("settings/team", TeamPage),
          page("settings/call-limits", CallLimitsPage),
          page("settings/api-keys", ApiKeysPage),
          page("settings/audit-trail", AuditTrailPage),
          page("settings/profile", ProfilePage),
          page("settings/do-not-call", DoNotCallPage),
          page("settings/webhooks", WebhooksPage),
          page("settings/voice", VoiceSettingsPage),
          page("form-connection/:provider", FormConnectionPage),
          { path: "configure-assistant/:formType", element: <LegacyConfigureAssistantRedirect /> },
          {
            path: "configure-assistant/:formType/:assistantId",
            element: <LegacyConfigureAssistantRedirect />,
          },
          page("*", AdminNotFoundPage),
        ],
      },
      page("*", NotFoundPage),
    ],
  },
];

/**
 * Loads what the page at an address needs before it shows: the app shell and the chunk of every
 * route it matches (the admin frame and the admin page, say), together.
 */
export function preloadRoute(location: { pathname: string; hash: string }): Promise<unknown> {
  const pages = (matchRoutes(routes, location) ?? []).map((match) =>
    (match.route.handle as LazyPage | undefined)?.preload(),
  );
  return Promise.all([
    needsShell(location.pathname, location.hash) ? ensureShell() : null,
    ...pages,
  ]);
}

/**
 * The routes. The chunks of every page the address matches start loading together, before React
 * reaches the inner one.
 */
export function AppRoutes() {
  const location = useLocation();
  void preloadRoute(location).catch(() => undefined);
  return useRoutes(routes, location);
}
