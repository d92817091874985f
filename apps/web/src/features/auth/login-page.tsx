import { isCompleteCode } from "@ringback/contracts";
import { type FormEvent, useState } from "react";
import { Link, Navigate, useLocation, useNavigate } from "react-router";
import { CenteredCardLayout } from "@/components/centered-card-layout";
import { CodeInput } from "@/components/code-input";
import { CountrySelect, useCountry } from "@/components/country-select";
import { PhoneNumberField } from "@/components/phone-number-field";
import { Button } from "@/components/ui/button";
import {
  Card,
  CardContent,
  CardDescription,
  CardFooter,
  CardHeader,
  CardTitle,
} from "@/components/ui/card";
import { toast } from "@/components/ui/sonner";
import { ApiRequestError } from "@/lib/api-client";
import { prefetchAdmin } from "@/lib/prefetch";
import { sendCode, useAuth, verifyCode } from "@/lib/session";
import { AUTH_TOAST_ID, sendErrorMessage, verificationErrorMessage } from "./auth-errors";
import { phoneError } from "./phone-validation";
import { SecondFactorStep } from "./second-factor-step";

type Step = "phone" | "code" | "second-factor";

/** Pages a sign-in may return to: admin pages and the invitation being accepted. */
const RETURNABLE_PREFIXES = ["/admin", "/invitations/"];

/**
 * Where the user came from (the route guard, or an invitation's 'Log in to accept'), so they come
 * back after signing in. Only our own paths: never another origin.
 */
export function useReturnTo(): string {
  const location = useLocation();
  const from = (location.state as { from?: string } | null)?.from;
  return from && RETURNABLE_PREFIXES.some((prefix) => from.startsWith(prefix))
    ? from
    : "/admin/dashboard";
}

/** Login: phone number, then the 6-digit code (then the authenticator, if enrolled). */
export function LoginPage() {
  const auth = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const returnTo = useReturnTo();
  const [step, setStep] = useState<Step>("phone");
  const [phone, setPhone] = useState("");
  /** Where a number typed without its country code is from. */
  const [country, setCountry] = useCountry();
  /** The number the code went to, in E.164, as the server read what was typed. */
  const [sentTo, setSentTo] = useState("");
  const [phoneProblem, setPhoneProblem] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [finishing, setFinishing] = useState(false);

  if (auth.status === "signed-in" && !finishing) return <Navigate replace to={returnTo} />;

  const onSend = async (event: FormEvent) => {
    event.preventDefault();
    const problem = phoneError(phone);
    if (problem) {
      setPhoneProblem(problem);
      document.getElementById("phone")?.focus();
      toast.error("Login failed", {
        id: AUTH_TOAST_ID,
        description: phone.trim() ? problem : "Please enter your phone number.",
      });
      return;
    }
    setBusy(true);
    prefetchAdmin();
    try {
      const to = await sendCode(phone, country);
      setSentTo(to);
      toast.success("Verification code sent", {
        id: AUTH_TOAST_ID,
        description: `We sent a code to ${to}.`,
      });
      setCode("");
      setStep("code");
    } catch (error) {
      const message = sendErrorMessage(
        error,
        "An error occurred while sending the verification code",
      );
      // A refusal of the number itself belongs under the field; a fault stays a toast.
      if (error instanceof ApiRequestError && (error.status === 400 || error.status === 422)) {
        setPhoneProblem(message);
      }
      toast.error("Login failed", { id: AUTH_TOAST_ID, description: message });
    } finally {
      setBusy(false);
    }
  };

  const onVerify = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFinishing(true);
    try {
      const { needsSecondFactor } = await verifyCode(sentTo, code);
      if (needsSecondFactor) {
        setStep("second-factor");
        setFinishing(false);
      } else {
        navigate(returnTo, { replace: true });
      }
    } catch (error) {
      setFinishing(false);
      toast.error("Verification failed", {
        id: AUTH_TOAST_ID,
        description: verificationErrorMessage(error),
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
            <h1 className="text-2xl">Log in to Ringback</h1>
          </CardTitle>
          <CardDescription>
            {step === "phone"
              ? "We'll text you a verification code."
              : step === "code"
                ? `Enter the 6-digit code we sent to ${sentTo}.`
                : "One more step: your authenticator app."}
          </CardDescription>
        </CardHeader>
        <CardContent>
          {step === "phone" ? (
            // Sign-in has started: fetch the admin app meanwhile.
            <form onSubmit={onSend} onFocus={prefetchAdmin} className="grid gap-4" noValidate>
              <CountrySelect value={country} onChange={setCountry} />
              <PhoneNumberField
                value={phone}
                onChange={(value) => {
                  setPhone(value);
                  setPhoneProblem(null);
                }}
                error={phoneProblem}
              />
              <Button type="submit" disabled={busy}>
                {busy ? "Sending code..." : "Send Verification Code"}
              </Button>
            </form>
          ) : step === "code" ? (
            <form onSubmit={onVerify} className="grid gap-4">
              <CodeInput id="code" value={code} onChange={setCode} autoFocus />
              <Button type="submit" disabled={busy || !isCompleteCode(code)}>
                {busy ? "Verifying..." : "Verify & Login"}
              </Button>
              <Button type="button" variant="ghost" onClick={() => setStep("phone")}>
                Back to Phone Entry
              </Button>
            </form>
          ) : (
            <SecondFactorStep
              onDone={() => navigate(returnTo, { replace: true })}
              onBack={() => setStep("phone")}
            />
          )}
        </CardContent>
        <CardFooter className="justify-center text-sm text-muted-foreground">
          Don't have an account?&nbsp;
          <Link
            to="/signup"
            state={location.state}
            className="inline-flex min-h-6 items-center font-medium text-primary underline-offset-4 hover:underline"
          >
            Sign up
          </Link>
        </CardFooter>
      </Card>
    </CenteredCardLayout>
  );
}
