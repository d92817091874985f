import { PhoneCall } from "lucide-react";
import type { ComponentProps } from "react";
import { Link } from "react-router";

/*
 * The shared Button, Badge, Card and Brand exactly as the landing page uses them, with their
 * classes merged ahead of time: the landing page's first script then carries no class merger
 * (tailwind-merge), no Slot and no cva (the landing page's budget: ≤ 100 KiB gzipped). landing-ui.test.tsx
 * renders each next to the shared component it stands for and requires the same markup, so a
 * change to the design system shows up there.
 */

const BUTTON =
  "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap rounded-md text-sm font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4";

export const landingClasses = {
  /** <Button asChild> */
  button: `${BUTTON} bg-primary text-primary-foreground shadow-sm hover:bg-primary/90 h-9 px-4 py-2`,
  /** <Button asChild variant="ghost"> */
  buttonGhost: `${BUTTON} hover:bg-accent hover:text-accent-foreground h-9 px-4 py-2`,
  /** <Button asChild size="lg"> */
  buttonLarge:
    "inline-flex shrink-0 items-center justify-center gap-2 whitespace-nowrap font-medium transition-colors outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:pointer-events-none disabled:opacity-50 [&_svg]:pointer-events-none [&_svg]:shrink-0 [&_svg:not([class*='size-'])]:size-4 bg-primary text-primary-foreground shadow-sm hover:bg-primary/90 h-11 rounded-md px-6 text-base",
  /** <Badge variant="secondary" className="gap-1.5 px-2.5 py-1"> */
  badgeTagline:
    "inline-flex w-fit shrink-0 items-center justify-center whitespace-nowrap rounded-md border text-xs font-medium [&>svg]:size-3 border-transparent bg-secondary text-secondary-foreground gap-1.5 px-2.5 py-1",
  /** <Badge variant="info"> */
  badgeInfo:
    "inline-flex w-fit shrink-0 items-center justify-center gap-1 whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-medium [&>svg]:size-3 border-transparent bg-info/10 text-info-strong",
  /** <Card className="gap-4"> */
  card: "flex flex-col rounded-xl border bg-card py-6 text-card-foreground shadow-sm gap-4",
  /** <Card className="gap-4 shadow-lg"> */
  cardRaised: "flex flex-col rounded-xl border bg-card py-6 text-card-foreground gap-4 shadow-lg",
  /** <CardHeader> */
  cardHeader: "flex flex-col gap-1.5 px-6",
  /** <CardHeader className="flex flex-row items-center gap-3"> */
  cardHeaderRow: "px-6 flex flex-row items-center gap-3",
  /** <CardTitle className="text-lg"> */
  cardTitle: "font-semibold text-lg",
  /** <CardDescription className="text-base"> */
  cardDescription: "text-muted-foreground text-base",
  /** <CardContent> */
  cardContent: "px-6",
  /** <CardContent className="flex flex-col gap-3"> */
  cardContentStack: "px-6 flex flex-col gap-3",
} as const;

type ButtonLook = "button" | "buttonGhost" | "buttonLarge";

/** `<Button asChild [variant] [size]><Link …/></Button>` */
export function ButtonLink({
  look = "button",
  ...props
}: ComponentProps<typeof Link> & { look?: ButtonLook }) {
  return <Link data-slot="button" className={landingClasses[look]} {...props} />;
}

/** `<Badge …>` */
export function LandingBadge({
  look,
  ...props
}: ComponentProps<"span"> & { look: "badgeTagline" | "badgeInfo" }) {
  return <span data-slot="badge" className={landingClasses[look]} {...props} />;
}

/**
 * `<Brand [className="text-foreground"]>`. Nothing from components/brand.tsx is imported: that
 * module would bring its class merger into the landing page's chunk.
 */
export function LandingBrand({ footer = false }: { footer?: boolean }) {
  return (
    <span
      className={`inline-flex items-center gap-2 font-semibold tracking-tight${footer ? " text-foreground" : ""}`}
    >
      <span className="flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground shadow-sm">
        <PhoneCall className="size-4" aria-hidden="true" />
      </span>
      <span className="text-lg">Ringback</span>
    </span>
  );
}
