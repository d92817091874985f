import { setTimeout as sleep } from "node:timers/promises";
import {
  type FormFields,
  type FormSource,
  FormSourceError,
  type FormSummary,
  type NormalizedSubmission,
  type TokenSet,
} from "../form-source.ts";
import { typeformManifest } from "./manifest.ts";
import { parseTypeformDelivery } from "./typeform-delivery.ts";
import {
  flattenTypeformFields,
  groupTypeformFields,
  type TypeformFormDefinition,
} from "./typeform-fields.ts";
import { TYPEFORM_SIGNATURE_HEADER, verifyTypeformSignature } from "./typeform-signature.ts";

export const TYPEFORM_SCOPES =
  "offline accounts:read forms:read responses:read webhooks:read webhooks:write";

export interface TypeformOptions {
  clientId: string;
  clientSecret: string;
  /** Typeform's API (and OAuth) base: https://api.typeform.com, or the sandbox's. */
  apiUrl: string;
  /** Where a form is edited: https://admin.typeform.com, or the sandbox's. */
  adminUrl: string;
  sandbox: boolean;
  fetch?: typeof fetch;
  /** Minimum gap between two calls for one account (Typeform allows about 2 per second). */
  minIntervalMs?: number;
  /** Waits before retrying a 429 when Typeform sends no Retry-After. */
  backoffMs?: number[];
  /** Forms per page when listing (Typeform's maximum, 200, unless a test wants paging). */
  pageSize?: number;
}

interface TypeformError {
  code?: string;
  description?: string;
}

/** Responses per page of a backfill: Typeform's maximum. */
const RESPONSES_PAGE_SIZE = 1000;

/** GET /forms/{id}/responses, as much of it as we read. */
interface ResponsesPage {
  total_items?: number;
  items?: {
    token?: string;
    response_id?: string;
    landed_at?: string;
    submitted_at?: string;
    hidden?: Record<string, unknown>;
    calculated?: unknown;
    answers?: unknown[];
  }[];
}

interface FormsPage {
  total_items?: number;
  page_count?: number;
  items?: {
    id: string;
    title?: string;
    last_updated_at?: string;
    _links?: { display?: string };
  }[];
}

/** The Typeform adapter: OAuth, forms, fields and webhooks per Typeform's documented API. */
/** Typeform has every optional capability but learning fields from samples. */
export type TypeformSource = FormSource &
  Required<Pick<FormSource, "oauth" | "forms" | "fields" | "webhooks" | "responses">>;

export function createTypeformSource(options: TypeformOptions): TypeformSource {
  const doFetch = options.fetch ?? fetch;
  const minInterval = options.minIntervalMs ?? 500;
  const backoff = options.backoffMs ?? [1000, 2000, 4000];
  // Per account (access token) pacing: each call waits for the previous one's slot.
  const nextSlot = new Map<string, number>();

  async function pace(key: string): Promise<void> {
    const now = Date.now();
    const slot = Math.max(now, nextSlot.get(key) ?? 0);
    nextSlot.set(key, slot + minInterval);
    if (nextSlot.size > 1000) {
      for (const [k, t] of nextSlot) if (t < now) nextSlot.delete(k);
    }
    if (slot > now) await sleep(slot - now);
  }

  async function failure(response: Response, context: string): Promise<FormSourceError> {
    let body: TypeformError = {};
    try {
      body = (await response.json()) as TypeformError;
    } catch {
      // Not JSON: keep the status.
    }
    const description =
      body.description ??
      (response.status === 401 || response.status === 403
        ? "Authentication required"
        : `${context} failed (HTTP ${response.status})`);
    return new FormSourceError(description, {
      status: response.status,
      code: body.code ?? `http_${response.status}`,
    });
  }

  async function call<T>(
    accessToken: string,
    method: string,
    path: string,
    body?: unknown,
  ): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      await pace(accessToken);
      let response: Response;
      try {
        response = await doFetch(`${options.apiUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${accessToken}`,
            accept: "application/json",
            ...(body === undefined ? {} : { "content-type": "application/json" }),
          },
          body: body === undefined ? undefined : JSON.stringify(body),
          signal: AbortSignal.timeout(15_000),
        });
      } catch (error) {
        throw new FormSourceError("Connection error with Typeform. Please try again later.", {
          status: 502,
          code: "network",
          cause: error,
        });
      }
      if (response.status === 429 && attempt < backoff.length) {
        const retryAfter = Number(response.headers.get("retry-after"));
        await sleep(
          Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : backoff[attempt]!,
        );
        continue;
      }
      if (!response.ok) throw await failure(response, `${method} ${path}`);
      if (response.status === 204) return undefined as T;
      try {
        return (await response.json()) as T;
      } catch (error) {
        throw new FormSourceError("Received invalid data from Typeform", {
          status: 502,
          code: "invalid_response",
          cause: error,
        });
      }
    }
  }

  async function token(params: Record<string, string>): Promise<TokenSet> {
    let response: Response;
    try {
      response = await doFetch(`${options.apiUrl}/oauth/token`, {
        method: "POST",
        headers: {
          "content-type": "application/x-www-form-urlencoded",
          accept: "application/json",
        },
        body: new URLSearchParams({
          ...params,
          client_id: options.clientId,
          client_secret: options.clientSecret,
        }),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new FormSourceError("Connection error with Typeform. Please try again later.", {
        status: 502,
        code: "token_exchange_exception",
        cause: error,
      });
    }
    if (!response.ok) {
      const error = await failure(response, "Token exchange");
      throw new FormSourceError(error.message, {
        status: response.status,
        code: `token_exchange_${response.status}`,
      });
    }
    const json = (await response.json()) as {
      access_token?: string;
      refresh_token?: string;
      expires_in?: number;
      scope?: string;
    };
    if (!json.access_token) {
      throw new FormSourceError("Received invalid data from Typeform", {
        status: 502,
        code: "token_exchange_invalid",
      });
    }
    return {
      accessToken: json.access_token,
      refreshToken: json.refresh_token ?? null,
      expiresAt: json.expires_in ? new Date(Date.now() + json.expires_in * 1000) : null,
      scope: json.scope ?? null,
    };
  }

  const editUrl = (formId: string) => `${options.adminUrl}/form/${formId}/create`;

  return {
    id: typeformManifest.id,
    name: typeformManifest.name,
    sandbox: options.sandbox,

    oauth: {
      authorizationUrl({ state, redirectUri, loginHint }) {
        const url = new URL(`${options.apiUrl}/oauth/authorize`);
        url.searchParams.set("client_id", options.clientId);
        url.searchParams.set("redirect_uri", redirectUri);
        url.searchParams.set("scope", TYPEFORM_SCOPES);
        url.searchParams.set("state", state);
        if (loginHint) url.searchParams.set("login_hint", loginHint);
        return url.toString();
      },

      exchangeCode: ({ code, redirectUri }) =>
        token({ grant_type: "authorization_code", code, redirect_uri: redirectUri }),

      refresh: (refreshToken) =>
        token({ grant_type: "refresh_token", refresh_token: refreshToken }),
    },

    forms: {
      async list(accessToken) {
        const forms: FormSummary[] = [];
        for (let page = 1; ; page++) {
          const result = await call<FormsPage>(
            accessToken,
            "GET",
            `/forms?page=${page}&page_size=${options.pageSize ?? 200}`,
          );
          if (!Array.isArray(result?.items)) {
            throw new FormSourceError("Received invalid data from Typeform", {
              status: 502,
              code: "invalid_response",
            });
          }
          for (const item of result.items) {
            forms.push({
              id: item.id,
              title: item.title ?? "Untitled form",
              lastUpdatedAt: item.last_updated_at ?? null,
              displayUrl: item._links?.display ?? null,
              editUrl: editUrl(item.id),
            });
          }
          if (page >= (result.page_count ?? 1) || result.items.length === 0) return forms;
        }
      },
    },

    fields: {
      async read(accessToken, formId): Promise<FormFields> {
        const form = await call<TypeformFormDefinition>(
          accessToken,
          "GET",
          `/forms/${encodeURIComponent(formId)}`,
        );
        if (!form || typeof form.id !== "string") {
          throw new FormSourceError("Received invalid data from Typeform", {
            status: 502,
            code: "invalid_response",
          });
        }
        return groupTypeformFields(form, { editUrl: editUrl(form.id) });
      },
    },

    webhooks: {
      async put(accessToken, { formId, tag, url, secret }) {
        const result = await call<{ id?: string }>(
          accessToken,
          "PUT",
          `/forms/${encodeURIComponent(formId)}/webhooks/${encodeURIComponent(tag)}`,
          { url, enabled: true, secret, verify_ssl: url.startsWith("https://") },
        );
        if (!result?.id) {
          throw new FormSourceError("No webhook ID returned", {
            status: 502,
            code: "no_webhook_id",
          });
        }
        return { webhookId: result.id };
      },

      async delete(accessToken, { formId, tag }) {
        try {
          await call(
            accessToken,
            "DELETE",
            `/forms/${encodeURIComponent(formId)}/webhooks/${encodeURIComponent(tag)}`,
          );
        } catch (error) {
          // Already gone is what we wanted.
          if (error instanceof FormSourceError && error.status === 404) return;
          throw error;
        }
      },
    },

    responses: {
      async since(accessToken, formId, since, limit) {
        const form = await call<TypeformFormDefinition>(
          accessToken,
          "GET",
          `/forms/${encodeURIComponent(formId)}`,
        );
        // The titles a webhook's definition would carry, from the form as it reads now.
        const definition = {
          id: formId,
          title: form?.title,
          fields: flattenTypeformFields(form?.fields).map(({ field }) => ({
            id: field.id,
            title: field.title,
            type: field.type,
            ref: field.ref,
          })),
        };
        const submissions: NormalizedSubmission[] = [];
        // Newest first, a page at a time: the next page is what came before the oldest one seen
        // (Typeform's own SDK pages the same way).
        let before: string | null = null;
        while (submissions.length < limit) {
          const pageSize = Math.min(RESPONSES_PAGE_SIZE, limit - submissions.length);
          const query = new URLSearchParams({
            page_size: String(pageSize),
            since: String(Math.floor(since.getTime() / 1000)),
            ...(before ? { before } : {}),
          });
          const page = await call<ResponsesPage>(
            accessToken,
            "GET",
            `/forms/${encodeURIComponent(formId)}/responses?${query}`,
          );
          const items = page?.items ?? [];
          for (const item of items) {
            const token = item.token ?? item.response_id;
            if (!token || !item.submitted_at) continue;
            submissions.push(
              parseTypeformDelivery(
                JSON.stringify({
                  event_type: "form_response",
                  form_response: {
                    form_id: formId,
                    token,
                    landed_at: item.landed_at,
                    submitted_at: item.submitted_at,
                    hidden: item.hidden ?? {},
                    calculated: item.calculated,
                    definition,
                    answers: item.answers ?? [],
                  },
                }),
              ),
            );
          }
          const last = items.at(-1);
          if (items.length < pageSize || !last) break;
          before = last.token ?? last.response_id ?? null;
          if (!before) break;
        }
        return submissions;
      },
    },

    verifyDelivery: ({ rawBody, headers }, secret) =>
      verifyTypeformSignature(rawBody, headers.get(TYPEFORM_SIGNATURE_HEADER), secret),

    parseDelivery: ({ rawBody }) => parseTypeformDelivery(rawBody),
  };
}
