import { isCompleteCode, type SignupAvailability } from "@ringback/contracts";
import { MailCheck } from "lucide-react";
import { type FormEvent, Fragment, useState } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { CenteredCardLayout } from "@/components/centered-card-layout";
import { CodeInput } from "@/components/code-input";
import { CountrySelect, useCountry } from "@/components/country-select";
import { Button } from "@/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/components/ui/card";
import { FieldError, fieldA11y, focusFirstError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { LoadError } from "@/components/ui/load-error";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/sonner";
import { ApiRequestError, api } from "@/lib/api-client";
import { serverFieldErrors } from "@/lib/form-errors";
import { invitationTokenFrom, roleWithArticle, useInvitationPreview } from "@/lib/invitations";
import { rememberOrganization } from "@/lib/organizations";
import { prefetchAdmin } from "@/lib/prefetch";
import { refreshSession, sendCode, useAuth, verifyCode } from "@/lib/session";
import { AUTH_TOAST_ID, sendErrorMessage, verificationErrorMessage } from "./auth-errors";
import { useReturnTo } from "./login-page";
import { completePendingSignup, savePendingSignup } from "./pending-signup";
import { type FieldErrors, type SignupField, validateSignup } from "./validation";

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
] as const satisfies readonly { id: SignupField; [key: string]: string }[];

const FIELD_IDS = fields.map((f) => f.id);

/** Which field a refusal of the details is about (the server says it in words). */
function conflictField(error: unknown): SignupField | null {
  if (!(error instanceof ApiRequestError)) return null;
  if (error.code === "INVALID_PHONE_NUMBER") return "phone";
  if (error.code !== "conflict") return null;
  return /phone/i.test(error.message) ? "phone" : /email/i.test(error.message) ? "email" : null;
}

/**
 * Signup ('Create your account'): details, then the 6-digit code. From an invitation
 * link it says which organization the person is joining and as what, fills in the
 * invited email, asks no company name, and joins that organization instead of creating one.
 */
export function SignupPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  // Back where they came from (an invitation to accept, say), else the dashboard.
  const returnTo = useReturnTo();
  const from = (location.state as { from?: string } | null)?.from;
  const invitationToken = invitationTokenFrom(location.search, from);
  const preview = useInvitationPreview(invitationToken);
  const invitation = preview.data?.state === "pending" ? preview.data : null;
  const [step, setStep] = useState<"details" | "code">("details");
  const [values, setValues] = useState<Record<SignupField, string>>({
    fullName: "",
    email: "",
    phone: "",
    organizationName: "",
  });
  /** Where a number typed without its country code is from. */
  const [country, setCountry] = useCountry();
  /** The number the code went to, in E.164, as the server read what was typed. */
  const [sentTo, setSentTo] = useState("");
  const [errors, setErrors] = useState<FieldErrors<SignupField>>({});
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [finishing, setFinishing] = useState(false);

  if (auth.status === "signed-in" && !finishing) return <Navigate replace to={returnTo} />;

  // Joining through an invitation: the invited email, and no company of one's own.
  const email = invitation ? invitation.email : values.email;
  const shown = invitation ? fields.filter((f) => f.id !== "organizationName") : fields;

  const setValue = (field: SignupField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };

  const onContinue = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateSignup({ ...values, email }, { invitation: invitation !== null });
    setErrors(checked.errors);
    if (Object.keys(checked.errors).length > 0) {
      focusFirstError(FIELD_IDS, checked.errors);
      if (checked.missing) {
        toast.error("All fields are required", {
          id: AUTH_TOAST_ID,
          description: "Please fill in all fields to continue.",
        });
      }
      return;
    }
    setBusy(true);
    try {
      const { phone } = await api.post<SignupAvailability>(
        "/api/signup/availability",
        { email: email.trim(), phone: values.phone, country },
        { auth: false },
      );
      const to = await sendCode(phone);
      setSentTo(to);
      // The code is on its way: fetch the admin app meanwhile.
      prefetchAdmin();
      savePendingSignup({
        fullName: values.fullName.trim(),
        email: email.trim(),
        ...(invitation && invitationToken
          ? { invitationToken }
          : { organizationName: values.organizationName.trim() }),
      });
      toast.success("Verification code sent", {
        id: AUTH_TOAST_ID,
        description: `We sent a code to ${to}.`,
      });
      setCode("");
      setStep("code");
    } catch (error) {
      const message = sendErrorMessage(error, "An error occurred during signup");
      const field = conflictField(error);
      const next = {
        ...serverFieldErrors(error, FIELD_IDS),
        ...(field ? { [field]: message } : {}),
      };
      setErrors(next);
      focusFirstError(FIELD_IDS, next);
      toast.error("Signup failed", { id: AUTH_TOAST_ID, description: message });
    } finally {
      setBusy(false);
    }
  };

  const onCreate = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFinishing(true);
    try {
      await verifyCode(sentTo, code);
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
      if (invitation && organization) {
        toast.success(`You joined ${organization.name}`, { id: AUTH_TOAST_ID });
        navigate("/admin/dashboard", { replace: true });
      } else {
        navigate(returnTo, { replace: true });
      }
    } catch (error) {
      toast.error(
        invitation ? "Could not accept the invitation" : "Failed to create organization",
        {
          id: AUTH_TOAST_ID,
          description: sendErrorMessage(error, "An error occurred during signup"),
        },
      );
      navigate(invitation && invitationToken ? `/invitations/${invitationToken}` : returnTo, {
        replace: true,
      });
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
            {step === "code"
              ? `Enter the 6-digit code we sent to ${sentTo}.`
              : invitation
                ? "Tell us about you. We'll text you a code to confirm your phone."
                : "Tell us about you and your company. We'll text you a code to confirm your phone."}
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {invitationToken ? (
            <InvitationNotice
              state={
                preview.isLoading
                  ? "loading"
                  : invitation
                    ? "joining"
                    : preview.data ||
                        (preview.error instanceof ApiRequestError && preview.error.status === 404)
                      ? "closed"
                      : preview.error
                        ? "failed"
                        : "loading"
              }
              organizationName={invitation?.organization_name}
              role={invitation ? roleWithArticle(invitation.role) : undefined}
              error={preview.error}
              retrying={preview.isFetching}
              onRetry={() => void preview.refetch()}
            />
          ) : null}
          {step === "details" ? (
            <form onSubmit={onContinue} className="grid gap-4" noValidate>
              {shown.map((field) => {
                const hintId =
                  field.id === "phone"
                    ? "signup-phone-hint"
                    : field.id === "email" && invitation
                      ? "signup-email-hint"
                      : undefined;
                const locked = field.id === "email" && invitation !== null;
                return (
                  <Fragment key={field.id}>
                    {field.id === "phone" ? (
                      <CountrySelect value={country} onChange={setCountry} />
                    ) : null}
                    <div className="grid gap-2">
                      <Label htmlFor={field.id}>{field.label}</Label>
                      <Input
                        id={field.id}
                        name={field.id}
                        type={field.type}
                        autoComplete={field.autoComplete}
                        placeholder={field.placeholder}
                        value={field.id === "email" ? email : values[field.id]}
                        readOnly={locked}
                        className={locked ? "bg-muted text-muted-foreground" : undefined}
                        onChange={(e) => setValue(field.id, e.target.value)}
                        {...fieldA11y(field.id, errors[field.id], hintId)}
                      />
                      {field.id === "phone" ? (
                        <p id="signup-phone-hint" className="text-sm text-muted-foreground">
                          Include country code (e.g., +1 for US)
                        </p>
                      ) : null}
                      {locked ? (
                        <p id="signup-email-hint" className="text-sm text-muted-foreground">
                          The invitation is for this email.
                        </p>
                      ) : null}
                      <FieldError fieldId={field.id} error={errors[field.id]} />
                    </div>
                  </Fragment>
                );
              })}
              <Button
                type="submit"
                disabled={busy || (invitationToken !== null && preview.isLoading)}
              >
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
            state={invitationToken ? { from: `/invitations/${invitationToken}` } : location.state}
            className="inline-flex min-h-6 items-center font-medium text-primary underline-offset-4 hover:underline"
          >
            Log in
          </Link>
        </CardFooter>
      </Card>
    </CenteredCardLayout>
  );
}

/** Who the person is joining, or why the invitation no longer counts. */
function InvitationNotice({
  state,
  organizationName,
  role,
  error,
  retrying,
  onRetry,
}: {
  state: "loading" | "joining" | "closed" | "failed";
  organizationName?: string;
  role?: string;
  error: Error | null;
  retrying: boolean;
  onRetry: () => void;
}) {
  if (state === "loading") {
    return (
      <div role="status" aria-label="Loading the invitation" className="grid gap-2">
        <Skeleton className="h-12 w-full" />
      </div>
    );
  }
  if (state === "failed") {
    return (
      <LoadError
        title="Couldn't load the invitation."
        message={error?.message}
        onRetry={onRetry}
        retrying={retrying}
        className="py-4"
      />
    );
  }
  if (state === "closed") {
    return (
      <p role="alert" className="rounded-lg border bg-muted/50 p-3 text-sm text-muted-foreground">
        This invitation can no longer be used. You can still create an account with a company of
        your own, or ask for a new invitation.
      </p>
    );
  }
  return (
    <p className="flex items-start gap-3 rounded-lg border border-primary/30 bg-accent/60 p-3 text-sm">
      <MailCheck className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
      <span>
        You're joining <span className="font-semibold">{organizationName}</span> as {role}.
      </span>
    </p>
  );
}
