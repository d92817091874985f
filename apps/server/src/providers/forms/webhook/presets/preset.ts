import { createHash } from "node:crypto";
import { hmacOf, type WebhookAuth } from "../auth.ts";
import type { FlatField } from "../body.ts";

/** One value a preset reads from its vendor's body, with the title the wizard shows for it. */
export interface PresetField extends FlatField {
  title?: string;
}

/** What a preset reads from a body beyond its fields. */
export interface PresetReading {
  /** The fields, as the vendor means them (Google Ads' columns by their id, say). */
  fields: PresetField[];
  /** The vendor's id for the lead: one lead, however often it is sent. Null: none in the body. */
  leadId: string | null;
  /** The vendor marked it a test lead: stored and shown, never dialled. */
  test: boolean;
  submittedAt: Date | null;
}

/**
 * A preset: how one vendor's tool sends leads (WordPress plugins, Google Ads, Webflow, Zapier,
 * Make), so that a business picks its tool and Ringback knows the rest — how deliveries are
 * authenticated, the body's shape, the lead's id, which fields are the phone, name and email, and
 * what to tell the business. Each is built from its vendor's documentation, with the documented
 * payload in fixtures/.
 */
export interface WebhookPreset {
  id: string;
  name: string;
  /** A sentence on the preset picker. */
  description: string;
  /** The ways this tool can authenticate, its own first (the default). */
  authModes: readonly [WebhookAuth, ...WebhookAuth[]];
  /**
   * Who makes the secret: Ringback (the business pastes it into its tool), or the tool (the
   * business pastes the tool's secret into Ringback).
   */
  secretFrom: "ringback" | "tool";
  /** The tool signs JSON only: a form-encoded body is refused with a reason. */
  jsonOnly: boolean;
  /** What this tool's deliveries are told apart by, in words ("lead_id"). */
  idempotencyKey: string;
  /** The wizard's help, one paragraph each: where to paste the URL and secret in this tool. */
  help: readonly string[];
  docs: readonly { label: string; url: string }[];
  /**
   * The fields' paths (after `read`) likely to be each role, in order of preference: the first
   * one a sample has is chosen for the business. A `+` joins first and last name.
   */
  mapping: { phone: readonly string[]; name: readonly string[]; email: readonly string[] };
  /** Reads the vendor's body; absent: the body's own fields, no id, no test flag. */
  read?(body: unknown): PresetReading;
  /** A body a business can copy into its tool (Zapier, Make), if the tool wants one typed. */
  exampleBody?: string;
  /**
   * The request the tool sends, as its documentation shows it, with the assistant's secret where
   * the tool puts it: what "Send a test submission" sends in sandbox mode.
   */
  testSubmission(secret: string, now: Date): { body: string; headers: Record<string, string> };
}

/** A JSON body's top-level object, or an empty one. */
export function objectOf(body: unknown): Record<string, unknown> {
  return typeof body === "object" && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

/** A scalar as text (ids arrive as numbers or strings), or null. */
export function textOf(value: unknown): string | null {
  if (typeof value === "string") return value.trim() || null;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  return null;
}

/** A time the vendor wrote, or null when it is not one. */
export function dateOf(value: unknown): Date | null {
  if (typeof value !== "string" || value.trim() === "") return null;
  // Gravity Forms writes UTC as "YYYY-MM-DD HH:MM:SS".
  const text = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/.test(value)
    ? `${value.replace(" ", "T")}Z`
    : value;
  const date = new Date(text);
  return Number.isNaN(date.getTime()) ? null : date;
}

export const hmacHex = (secret: string, message: string) => hmacOf(secret, message, "hex");

/** A bearer-authenticated JSON request (Gravity Forms, Contact Form 7, Zapier, Make). */
export function bearerRequest(secret: string, body: string) {
  return {
    body,
    headers: { "content-type": "application/json", authorization: `Bearer ${secret}` },
  };
}

/** A short stable id for a test body, so that each press of the button is its own lead. */
export const testId = (now: Date) =>
  createHash("sha256").update(now.toISOString()).digest("hex").slice(0, 12);

/**
 * An object's own values as fields, keyed as sent: text, numbers, yes/no, and lists of them (a
 * checkbox's choices); nested objects are left out.
 */
export function plainFields(record: Record<string, unknown>): PresetField[] {
  return Object.entries(record).flatMap(([path, value]): PresetField[] => {
    if (value === null || ["string", "number", "boolean"].includes(typeof value)) {
      return [{ path, value: value as string | number | boolean | null }];
    }
    if (Array.isArray(value) && value.every((item) => typeof item !== "object" || item === null)) {
      return [{ path, value: value.filter((item) => item !== null).map(String) }];
    }
    return [];
  });
}
