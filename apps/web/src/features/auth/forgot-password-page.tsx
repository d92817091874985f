import { MailCheck } from "lucide-react";
import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { CenteredCardLayout } from "@/components/centered-card-layout";
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

/** The reset only simulates sending, after 1 second; no call is made. */
export const SIMULATED_RESET_DELAY_MS = 1000;

async function simulateResetEmail(_email: string): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, SIMULATED_RESET_DELAY_MS));
}

/** The "Password reset" page. Ringback signs in by phone code; this screen is kept as specified. */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  const send = async () => {
    if (!email.trim()) {
      toast.error("Email required", { description: "Please enter your email address." });
      return;
    }
    setSending(true);
    try {
      await simulateResetEmail(email.trim());
      toast.dismiss();
      setSent(true);
    } catch (error) {
      toast.error("Request failed", {
        description: error instanceof Error ? error.message : undefined,
      });
    } finally {
      setSending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void send();
  };

  return (
    <CenteredCardLayout>
      <Card>
        {sent ? (
          <>
            <CardHeader className="items-center text-center">
              <span className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-success/10 text-success">
                <MailCheck className="size-6" aria-hidden="true" />
              </span>
              <CardTitle>
                <h1 className="text-2xl">Check your inbox</h1>
              </CardTitle>
              <CardDescription>
                If an account exists for <strong className="text-foreground">{email.trim()}</strong>
                , a reset link is on its way.
              </CardDescription>
            </CardHeader>
            <CardFooter className="flex flex-col gap-2">
              <Button
                className="w-full"
                variant="outline"
                disabled={sending}
                onClick={() => void send()}
              >
                {sending ? "Sending..." : "Resend email"}
              </Button>
              <Button asChild variant="link">
                <Link to="/login">Back to login</Link>
              </Button>
            </CardFooter>
          </>
        ) : (
          <form onSubmit={onSubmit} noValidate>
            <CardHeader>
              <CardTitle>
                <h1 className="text-2xl">Reset your password</h1>
              </CardTitle>
              <CardDescription>
                Enter your email address and we will send you a reset link.
              </CardDescription>
            </CardHeader>
            <CardContent className="mt-6 flex flex-col gap-2">
              <Label htmlFor="reset-email">Email</Label>
              <Input
                id="reset-email"
                type="email"
                autoComplete="email"
                placeholder="you@company.com"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
            </CardContent>
            <CardFooter className="mt-6 flex flex-col gap-2">
              <Button type="submit" className="w-full" disabled={sending}>
                {sending ? "Sending..." : "Send Reset Link"}
              </Button>
              <Button asChild variant="link">
                <Link to="/login">Back to login</Link>
              </Button>
            </CardFooter>
          </form>
        )}
      </Card>
    </CenteredCardLayout>
  );
}
