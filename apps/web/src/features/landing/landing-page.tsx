import {
  ArrowRight,
  Bot,
  CheckCircle2,
  FileText,
  PhoneCall,
  PhoneIncoming,
  Plug,
  ScrollText,
} from "lucide-react";
import { Link } from "react-router";
import { ButtonLink, LandingBadge, LandingBrand, landingClasses as ui } from "./landing-ui";

const features = [
  {
    icon: Bot,
    title: "AI Voice Calls",
    description:
      "A natural-sounding assistant phones every respondent who asks for a call, within seconds of the form being submitted.",
  },
  {
    icon: ScrollText,
    title: "Customizable Scripts",
    description:
      "Write the conversation once per form. Greet people by name, qualify the lead and book the next step, in your words.",
  },
  {
    icon: Plug,
    title: "Form Integration",
    description:
      "Connect your form builder in a click, pick the form and its phone and availability fields, and every new response is called.",
  },
];

const steps = [
  {
    title: "Connect your form",
    text: "Sign in to your form builder and choose the form that collects leads.",
  },
  {
    title: "Set up the assistant",
    text: "Map the phone and availability fields and write the call script.",
  },
  {
    title: "Review every call",
    text: "Status, attempts, recording, summary and transcript, shared with your team.",
  },
];

/** The landing page: headline, three feature cards, Get Started, Login and Sign Up. */
export function LandingPage({ signedIn = false }: { signedIn?: boolean }) {
  return (
    <div className="flex min-h-svh flex-col">
      <header className="sticky top-0 z-20 border-b bg-background/85 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link to="/" aria-label="Ringback home">
            <LandingBrand />
          </Link>
          <nav aria-label="Account" className="flex items-center gap-2">
            {signedIn ? (
              <ButtonLink to="/admin/dashboard">Dashboard</ButtonLink>
            ) : (
              <>
                <ButtonLink look="buttonGhost" to="/login">
                  Login
                </ButtonLink>
                <ButtonLink to="/signup">Sign Up</ButtonLink>
              </>
            )}
          </nav>
        </div>
      </header>

      <main className="flex-1">
        <section className="relative overflow-hidden">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 -top-40 -z-10 h-[36rem] bg-[radial-gradient(ellipse_at_top,var(--color-accent),transparent_65%)]"
          />
          <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.1fr_0.9fr]">
            <div className="flex flex-col items-start gap-6">
              <LandingBadge look="badgeTagline">
                <PhoneIncoming aria-hidden="true" /> Speed to lead, on autopilot
              </LandingBadge>
              <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl lg:text-6xl">
                Turn every form submission into a phone conversation
              </h1>
              <p className="max-w-xl text-lg text-pretty text-muted-foreground">
                Ringback's AI call assistant phones each respondent who says they are available,
                seconds after they submit your form, and hands your team the recording, summary and
                transcript.
              </p>
              <div className="flex flex-wrap items-center gap-3">
                {signedIn ? (
                  <ButtonLink look="buttonLarge" to="/admin/dashboard">
                    Go to Dashboard <ArrowRight aria-hidden="true" />
                  </ButtonLink>
                ) : (
                  <ButtonLink look="buttonLarge" to="/signup">
                    Get Started <ArrowRight aria-hidden="true" />
                  </ButtonLink>
                )}
                <span className="text-sm text-muted-foreground">
                  Free to try. No credit card needed.
                </span>
              </div>
            </div>
            <CallPreview />
          </div>
        </section>

        <section aria-labelledby="features-heading" className="border-t bg-muted/40">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20">
            <h2
              id="features-heading"
              className="text-center text-2xl font-semibold tracking-tight sm:text-3xl"
            >
              Everything between “submitted” and “spoke to them”
            </h2>
            <div className="mt-10 grid gap-6 md:grid-cols-3">
              {features.map(({ icon: Icon, title, description }) => (
                <div key={title} data-slot="card" className={ui.card}>
                  <div data-slot="card-header" className={ui.cardHeader}>
                    <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <div data-slot="card-title" className={ui.cardTitle}>
                      {title}
                    </div>
                  </div>
                  <div data-slot="card-content" className={ui.cardContent}>
                    <p data-slot="card-description" className={ui.cardDescription}>
                      {description}
                    </p>
                  </div>
                </div>
              ))}
            </div>
          </div>
        </section>

        <section
          aria-labelledby="how-heading"
          className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20"
        >
          <h2 id="how-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            How it works
          </h2>
          <ol className="mt-8 grid gap-6 md:grid-cols-3">
            {steps.map((step, index) => (
              <li key={step.title} className="flex gap-4">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground">
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold">{step.title}</h3>
                  <p className="mt-1 text-muted-foreground">{step.text}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
      </main>

      <footer className="border-t">
        <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-2 px-4 py-6 text-sm text-muted-foreground sm:flex-row sm:px-6">
          <LandingBrand footer />
          <p className="text-center sm:text-left">
            © {new Date().getFullYear()} Ringback. Calls placed with consent, recorded for your
            team.
          </p>
          <nav aria-label="Footer">
            {/* Anyone called through Ringback can stop the calls here. */}
            <Link
              to="/opt-out"
              className="inline-flex min-h-6 items-center font-medium text-foreground underline underline-offset-4 hover:text-primary"
            >
              Stop calls
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}

/** A still picture of one lead's journey, to show the product at a glance. */
function CallPreview() {
  return (
    <div className="relative mx-auto w-full max-w-md" aria-hidden="true">
      <div data-slot="card" className={ui.cardRaised}>
        <div data-slot="card-header" className={ui.cardHeaderRow}>
          <span className="flex size-9 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <FileText className="size-4" />
          </span>
          <div className="min-w-0">
            <p className="text-sm font-medium">New response · Website enquiry</p>
            <p className="text-xs text-muted-foreground">Jordan Lee · available for a call</p>
          </div>
          <span className="ml-auto text-xs text-muted-foreground">0:00</span>
        </div>
        <div data-slot="card-content" className={ui.cardContentStack}>
          <div className="flex items-center gap-3 rounded-lg border bg-muted/50 p-3">
            <span className="flex size-9 items-center justify-center rounded-full bg-primary text-primary-foreground">
              <PhoneCall className="size-4" />
            </span>
            <div className="min-w-0 flex-1">
              <p className="text-sm font-medium">Calling +1 (555) 010-0199</p>
              <p className="text-xs text-muted-foreground">
                Assistant picked up the lead in 4 seconds
              </p>
            </div>
            <LandingBadge look="badgeInfo">in-progress</LandingBadge>
          </div>
          <div className="flex flex-col gap-2 text-sm">
            <p className="ml-auto max-w-[85%] rounded-2xl rounded-br-sm bg-primary px-3 py-2 text-primary-foreground">
              Hi Jordan, thanks for your enquiry! Is now a good time to talk about your project?
            </p>
            <p className="max-w-[85%] rounded-2xl rounded-bl-sm bg-muted px-3 py-2">
              Yes, perfect timing actually.
            </p>
          </div>
          <div className="flex items-center gap-2 rounded-lg border border-success/30 bg-success/10 p-3 text-sm">
            <CheckCircle2 className="size-4 text-success" />
            <span>Answered · 3 min · summary and recording saved</span>
          </div>
        </div>
      </div>
    </div>
  );
}
