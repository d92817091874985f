import { createBrowserRouter, Navigate, useParams } from "react-router";
import { AdminLayout } from "@/features/admin-shell/admin-layout";
import {
  AssistantConfigurationPage,
  NewAssistantPage,
} from "@/features/assistant-configuration/assistant-configuration-page";
import { EmailVerificationPage } from "@/features/auth/email-verification-page";
import { ForgotPasswordPage } from "@/features/auth/forgot-password-page";
import { LoginPage } from "@/features/auth/login-page";
import { RequireAuth } from "@/features/auth/require-auth";
import { SignupPage } from "@/features/auth/signup-page";
import { CallRecordsPage } from "@/features/call-records/call-records-page";
import { DashboardPage } from "@/features/dashboard/dashboard-page";
import { DoNotCallPage } from "@/features/do-not-call/do-not-call-page";
import { NotFoundPage } from "@/features/errors/not-found-page";
import { UnauthorizedPage } from "@/features/errors/unauthorized-page";
import { FormConnectionPage } from "@/features/form-connection/form-connection-page";
import { AcceptInvitationPage } from "@/features/invitations/accept-invitation-page";
import { LandingPage } from "@/features/landing/landing-page";
import { OptOutPage } from "@/features/opt-out/opt-out-page";
import { OrganizationSettingsPage } from "@/features/organization-settings/organization-settings-page";
import { ProfilePage } from "@/features/profile/profile-page";
import { VoiceSettingsPage } from "@/features/voice-settings/voice-settings-page";
import { WebhooksPage } from "@/features/webhooks/webhooks-page";
import { RootLayout } from "./root-layout";

/** SPEC.md §2: the old configure-assistant routes redirect to assistant-configuration. */
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

/** Every route of SPEC.md §2. */
export const router = createBrowserRouter([
  {
    element: <RootLayout />,
    children: [
      { path: "/", element: <LandingPage /> },
      { path: "/login", element: <LoginPage /> },
      { path: "/signup", element: <SignupPage /> },
      { path: "/email-verification", element: <EmailVerificationPage /> },
      { path: "/forgot-password", element: <ForgotPasswordPage /> },
      { path: "/unauthorized", element: <UnauthorizedPage /> },
      { path: "/invitations/:token", element: <AcceptInvitationPage /> },
      // Issue 13 §4: public, no sign-in.
      { path: "/opt-out", element: <OptOutPage /> },
      {
        path: "/admin",
        element: (
          <RequireAuth>
            <AdminLayout />
          </RequireAuth>
        ),
        children: [
          { index: true, element: <Navigate replace to="/admin/dashboard" /> },
          { path: "dashboard", element: <DashboardPage /> },
          { path: "call-records", element: <CallRecordsPage /> },
          { path: "assistant-configuration", element: <NewAssistantPage /> },
          { path: "assistant-configuration/:assistantId", element: <AssistantConfigurationPage /> },
          { path: "settings/organization", element: <OrganizationSettingsPage /> },
          { path: "settings/profile", element: <ProfilePage /> },
          { path: "settings/do-not-call", element: <DoNotCallPage /> },
          { path: "settings/webhooks", element: <WebhooksPage /> },
          // Issue 15: owners and admins only; others see Access Denied (SPEC.md §2).
          {
            path: "settings/voice",
            element: (
              <RequireAuth roles={["owner", "admin"]}>
                <VoiceSettingsPage />
              </RequireAuth>
            ),
          },
          { path: "form-connection/:provider", element: <FormConnectionPage /> },
          { path: "configure-assistant/:formType", element: <LegacyConfigureAssistantRedirect /> },
          {
            path: "configure-assistant/:formType/:assistantId",
            element: <LegacyConfigureAssistantRedirect />,
          },
          { path: "*", element: <NotFoundPage inAdminLayout /> },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
]);
