import { createBrowserRouter, Navigate, useParams } from "react-router";
import { EmailVerificationPage } from "@/features/auth/email-verification-page";
import { ForgotPasswordPage } from "@/features/auth/forgot-password-page";
import { NotFoundPage } from "@/features/errors/not-found-page";
import { UnauthorizedPage } from "@/features/errors/unauthorized-page";
import { LandingPage } from "@/features/landing/landing-page";
import { NotBuiltYetPage } from "@/features/pending/not-built-yet-page";

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
  { path: "/", element: <LandingPage /> },
  { path: "/login", element: <NotBuiltYetPage screen="Login" /> },
  { path: "/signup", element: <NotBuiltYetPage screen="Sign up" /> },
  { path: "/email-verification", element: <EmailVerificationPage /> },
  { path: "/forgot-password", element: <ForgotPasswordPage /> },
  { path: "/unauthorized", element: <UnauthorizedPage /> },
  {
    path: "/admin",
    children: [
      { index: true, element: <Navigate replace to="/admin/dashboard" /> },
      { path: "dashboard", element: <NotBuiltYetPage screen="Dashboard" /> },
      { path: "call-records", element: <NotBuiltYetPage screen="Call Records" /> },
      { path: "assistant-configuration", element: <NotBuiltYetPage screen="New assistant" /> },
      {
        path: "assistant-configuration/:assistantId",
        element: <NotBuiltYetPage screen="Assistant configuration" />,
      },
      {
        path: "settings/organization",
        element: <NotBuiltYetPage screen="Organization Settings" />,
      },
      { path: "settings/profile", element: <NotBuiltYetPage screen="Profile" /> },
      { path: "form-connection/:provider", element: <NotBuiltYetPage screen="Form connection" /> },
      { path: "configure-assistant/:formType", element: <LegacyConfigureAssistantRedirect /> },
      {
        path: "configure-assistant/:formType/:assistantId",
        element: <LegacyConfigureAssistantRedirect />,
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
  { path: "*", element: <NotFoundPage /> },
]);
