import { isCompleteCode, normalizePhone } from "@ringback/contracts";
import { type FormEvent, useState } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { CenteredCardLayout } from "@/components/centered-card-layout";
import { CodeInput } from "@/components/code-input";
import { Button } from "@/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/sonner";
import { api } from "@/lib/api-client";
import { rememberOrganization } from "@/lib/organizations";
import { refreshSession, sendCode, useAuth, verifyCode } from "@/lib/session";
import { AUTH_TOAST_ID, sendErrorMessage, verificationErrorMessage } from "./auth-errors";
import { useReturnTo } from "./login-page";
import { completePendingSignup, savePendingSignup } from "./pending-signup";

const fields = [
  {
    id: "fullName",
    label: "Full Name",
    type: "text",
    autoComplete: "name",
    placeholder: "Jane Doe",
  },
  {
    id: "email",
    label: "Email",
    type: "email",
    autoComplete: "email",
    placeholder: "jane@company.com",
  },
  {
    id: "phone",
    label: "Phone Number",
    type: "tel",
    autoComplete: "tel",
    placeholder: "+1 (555) 123-4567",
  },
  {
    id: "organizationName",
    label: "Company Name",
    type: "text",
    autoComplete: "organization",
    placeholder: "Acme Inc.",
  },
] as const;

type FieldId = (typeof fields)[number]["id"];

/** SPEC.md §2 Signup ('Create your account'): details, then the 6-digit code. */
export function SignupPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // Back where they came from (an invitation to accept, say), else the dashboard.
  const returnTo = useReturnTo();
  const [step, setStep] = useState<"details" | "code">("details");
  const [values, setValues] = useState<Record<FieldId, string>>({
    fullName: "",
    email: "",
    phone: "",
    organizationName: "",
  });
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [finishing, setFinishing] = useState(false);

  if (auth.status === "signed-in" && !finishing) return <Navigate replace to={returnTo} />;

  const phone = normalizePhone(values.phone);

  const onContinue = async (event: FormEvent) => {
    event.preventDefault();
    if (fields.some((f) => !values[f.id].trim())) {
      toast.error("All fields are required", {
        id: AUTH_TOAST_ID,
        description: "Please fill in all fields to continue.",
      });
      return;
    }
    setBusy(true);
    try {
      await api.post(
        "/api/signup/availability",
        { email: values.email.trim(), phone },
        { auth: false },
      );
      await sendCode(phone);
      savePendingSignup({
        fullName: values.fullName.trim(),
        email: values.email.trim(),
        organizationName: values.organizationName.trim(),
      });
      toast.success("Verification code sent", {
        id: AUTH_TOAST_ID,
        description: `We sent a code to ${phone}.`,
      });
      setCode("");
      setStep("code");
    } catch (error) {
      toast.error("Signup failed", {
        id: AUTH_TOAST_ID,
        description: sendErrorMessage(error, "An error occurred during signup"),
      });
    } finally {
      setBusy(false);
    }
  };

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFinishing(true);
    try {
      await verifyCode(phone, code);
    } catch (error) {
      setFinishing(false);
      setBusy(false);
      toast.error("Verification failed", {
        id: AUTH_TOAST_ID,
        description: verificationErrorMessage(error),
      });
      return;
    }
    try {
      const organization = await completePendingSignup();
      if (organization) rememberOrganization(organization.id);
      await refreshSession();
      navigate(returnTo, { replace: true });
    } catch (error) {
      toast.error("Failed to create organization", {
        id: AUTH_TOAST_ID,
        description: sendErrorMessage(error, "An error occurred during signup"),
      });
      navigate(returnTo, { replace: true });
    } finally {
      setBusy(false);
    }
  };

  return (
    <CenteredCardLayout>
      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl">Create your account</h1>
          </CardTitle>
          <CardDescription>
            {step === "details"
              ? "Tell us about you and your company. We'll text you a code to confirm your phone."
              : `Enter the 6-digit code we sent to ${phone}.`}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {step === "details" ? (
            <form onSubmit={onContinue} className="grid gap-4" noValidate>
              {fields.map((field) => (
                <div key={field.id} className="grid gap-2">
                  <Label htmlFor={field.id}>{field.label}</Label>
                  <Input
                    id={field.id}
                    name={field.id}
                    type={field.type}
                    autoComplete={field.autoComplete}
                    placeholder={field.placeholder}
                    value={values[field.id]}
                    onChange={(e) => setValues((v) => ({ ...v, [field.id]: e.target.value }))}
                    aria-describedby={field.id === "phone" ? "signup-phone-hint" : undefined}
                  />
                  {field.id === "phone" ? (
                    <p id="signup-phone-hint" className="text-sm text-muted-foreground">
                      Include country code (e.g., +1 for US)
                    </p>
                  ) : null}
                </div>
              ))}
              <Button type="submit" disabled={busy}>
                {busy ? "Sending code..." : "Continue"}
              </Button>
            </form>
          ) : (
            <form onSubmit={onCreate} className="grid gap-4">
              <CodeInput id="code" value={code} onChange={setCode} autoFocus />
              <Button type="submit" disabled={busy || !isCompleteCode(code)}>
                {busy ? "Creating account..." : "Create Account"}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setStep("details")}>
                Back to Information
              </Button>
            </form>
          )}
        </CardContent>
        <CardFooter className="justify-center text-sm text-muted-foreground">
          Already have an account?&nbsp;
          <Link
            to="/login"
            state={location.state}
            className="font-medium text-primary underline-offset-4 hover:underline"
          >
            Log in
          </Link>
        </CardFooter>
      </Card>
    </CenteredCardLayout>
  );
}
