import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { Link, MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Brand } from "@/components/brand";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ButtonLink, LandingBadge, LandingBrand, landingClasses as ui } from "./landing-ui";

const html = (element: ReactElement) =>
  renderToStaticMarkup(<MemoryRouter>{element}</MemoryRouter>);

/** Each landing stand-in renders exactly what the shared component renders for the same use. */
describe("the landing page's pre-merged components", () => {
  it("buttons", () => {
    expect(html(<ButtonLink to="/signup">Sign Up</ButtonLink>)).toBe(
      html(
        <Button asChild>
          <Link to="/signup">Sign Up</Link>
        </Button>,
      ),
    );
    expect(
      html(
        <ButtonLink look="buttonGhost" to="/login">
          Login
        </ButtonLink>,
      ),
    ).toBe(
      html(
        <Button asChild variant="ghost">
          <Link to="/login">Login</Link>
        </Button>,
      ),
    );
    expect(
      html(
        <ButtonLink look="buttonLarge" to="/signup">
          Get Started
        </ButtonLink>,
      ),
    ).toBe(
      html(
        <Button asChild size="lg">
          <Link to="/signup">Get Started</Link>
        </Button>,
      ),
    );
  });

  it("badges", () => {
    expect(html(<LandingBadge look="badgeTagline">Speed</LandingBadge>)).toBe(
      html(
        <Badge variant="secondary" className="gap-1.5 px-2.5 py-1">
          Speed
        </Badge>,
      ),
    );
    expect(html(<LandingBadge look="badgeInfo">in-progress</LandingBadge>)).toBe(
      html(<Badge variant="info">in-progress</Badge>),
    );
  });

  it("cards", () => {
    const cases: [string, ReactElement][] = [
      [ui.card, <Card key="card" className="gap-4" />],
      [ui.cardRaised, <Card key="raised" className="gap-4 shadow-lg" />],
      [ui.cardHeader, <CardHeader key="header" />],
      [ui.cardHeaderRow, <CardHeader key="row" className="flex flex-row items-center gap-3" />],
      [ui.cardTitle, <CardTitle key="title" className="text-lg" />],
      [ui.cardDescription, <CardDescription key="description" className="text-base" />],
      [ui.cardContent, <CardContent key="content" />],
      [ui.cardContentStack, <CardContent key="stack" className="flex flex-col gap-3" />],
    ];
    for (const [classes, shared] of cases) {
      const rendered = html(shared);
      const escaped = classes.replaceAll("&", "&amp;").replaceAll(">", "&gt;");
      expect(rendered, rendered).toContain(` class="${escaped}"`);
    }
  });

  it("the brand", () => {
    expect(html(<LandingBrand />)).toBe(html(<Brand />));
    expect(html(<LandingBrand footer />)).toBe(html(<Brand className="text-foreground" />));
  });
});
