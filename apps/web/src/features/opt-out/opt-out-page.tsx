import {
  isCompleteCode,
  type OptOutConfirmResponse,
  type OptOutSendCodeResponse,
  optOutSendCodeRequestSchema,
} from "@ringback/contracts";
import { CheckCircle2 } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
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
import { ApiRequestError, api } from "@/lib/api-client";

type Step = "phone" | "code" | "done";

const SEND_FAILED = "We could not send the code. Please try again.";
const CONFIRM_FAILED = "We could not check the code. Please try again.";

/** The API's own words (a wrong, expired or used-up code, a send limit), or a fallback. */
function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError ? error.message : fallback;
}

/** The number as typed, checked with the API's own rule (the server reads it). */
function phoneProblemOf(input: string): string | null {
  const parsed = optOutSendCodeRequestSchema.shape.phoneNumber.safeParse(input);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? "Enter a valid phone number");
}

/**
 * The public opt-out page. A person enters their number, confirms it with the code
 * we text them, and is then not called again by any business through Ringback. What it says at
 * the end is the same whether or not any business ever called the number.
 */
export function OptOutPage() {
  const [step, setStep] = useState<Step>("phone");
  const [phone, setPhone] = useState("");
  /** Where a number typed without its country code is from. */
  const [country, setCountry] = useCountry();
  const [phoneProblem, setPhoneProblem] = useState<string | null>(null);
  /** The number the code went to, in E.164, as the API read it. */
  const [sentTo, setSentTo] = useState("");
  const [code, setCode] = useState("");
  const [codeProblem, setCodeProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const send = async (typed: string) => {
    setBusy(true);
    setCodeProblem(null);
    setNotice(null);
    try {
      const sent = await api.post<OptOutSendCodeResponse>(
        "/api/opt-out/send-code",
        { phoneNumber: typed, country },
        { auth: false },
      );
      setSentTo(sent.phoneNumber);
      setCode("");
      // The first code is announced by the step itself; a new one says so.
      setNotice(step === "code" ? `We sent a new code to ${sent.phoneNumber}.` : null);
      setStep("code");
    } catch (error) {
      const message = messageOf(error, SEND_FAILED);
      if (step === "phone") {
        setPhoneProblem(message);
        document.getElementById("phone")?.focus();
      } else {
        setCodeProblem(message);
      }
    } finally {
      setBusy(false);
    }
  };

  const onSend = (event: FormEvent) => {
    event.preventDefault();
    const problem = phoneProblemOf(phone);
    if (problem) {
      setPhoneProblem(problem);
      document.getElementById("phone")?.focus();
      return;
    }
    void send(phone);
  };

  const onConfirm = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setCodeProblem(null);
    setNotice(null);
    try {
      await api.post<OptOutConfirmResponse>(
        "/api/opt-out/confirm",
        { phoneNumber: sentTo, code },
        { auth: false },
      );
      setStep("done");
    } catch (error) {
      setCodeProblem(messageOf(error, CONFIRM_FAILED));
      document.getElementById("code")?.focus();
    } finally {
      setBusy(false);
    }
  };

  return (
    <CenteredCardLayout>
      <Card>
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl">Stop calls</h1>
          </CardTitle>
          {step === "phone" ? (
            <CardDescription>
              Businesses use Ringback to phone people who asked for a call on one of their forms.
              Enter your number and we'll text you a code to confirm it is yours. Then none of them
              will call it again through Ringback.
            </CardDescription>
          ) : step === "code" ? (
            <CardDescription>
              Enter the 6-digit code we sent to{" "}
              <strong className="text-foreground">{sentTo}</strong>.
            </CardDescription>
          ) : null}
        </CardHeader>
        <CardContent>
          {step === "phone" ? (
            <form onSubmit={onSend} className="grid gap-4" noValidate>
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
                {busy ? "Sending code..." : "Send Code"}
              </Button>
            </form>
          ) : step === "code" ? (
            <form onSubmit={onConfirm} className="grid gap-4">
              <CodeInput
                id="code"
                value={code}
                onChange={(value) => {
                  setCode(value);
                  setCodeProblem(null);
                }}
                autoFocus
              />
              <div aria-live="polite" className="empty:hidden">
                {codeProblem ? (
                  <p role="alert" className="text-sm text-destructive">
                    {codeProblem}
                  </p>
                ) : notice ? (
                  <p className="text-sm text-muted-foreground">{notice}</p>
                ) : null}
              </div>
              <Button type="submit" disabled={busy || !isCompleteCode(code)}>
                {busy ? "Confirming..." : "Stop Calls"}
              </Button>
              <div className="flex flex-col gap-2 sm:flex-row sm:justify-between">
                <Button
                  type="button"
                  variant="ghost"
                  onClick={() => {
                    setStep("phone");
                    setCodeProblem(null);
                    setNotice(null);
                  }}
                >
                  Back to Phone Entry
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  disabled={busy}
                  onClick={() => void send(sentTo)}
                >
                  Send a new code
                </Button>
              </div>
            </form>
          ) : (
            <section
              aria-labelledby="opt-out-done"
              className="flex flex-col items-center gap-3 text-center"
            >
              <span className="flex size-12 items-center justify-center rounded-full bg-success/10 text-success">
                <CheckCircle2 className="size-6" aria-hidden="true" />
              </span>
              <h2 id="opt-out-done" className="text-lg font-semibold">
                Your number will not be called again
              </h2>
              <p className="text-muted-foreground">
                <strong className="text-foreground">{sentTo}</strong> is now on the do-not-call list
                of every business that has called it through Ringback, and any call to it that was
                still waiting is canceled.
              </p>
            </section>
          )}
        </CardContent>
        <CardFooter className="justify-center text-center text-sm text-muted-foreground">
          {step === "done" ? (
            <Button asChild variant="outline">
              <Link to="/">Return to Homepage</Link>
            </Button>
          ) : (
            <p>
              This stops calls placed through Ringback only. Calls a business makes another way must
              be stopped with that business.
            </p>
          )}
        </CardFooter>
      </Card>
    </CenteredCardLayout>
  );
}
