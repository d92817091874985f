import { z } from "zod";
import { API_KEY_PREFIX } from "./api-keys.ts";
import { callRecordsQuerySchema } from "./call-records-query.ts";
import { CALL_RECORDS_PAGE_SIZE, CALL_RECORDS_PAGE_SIZES } from "./calls.ts";
import { consentEvidenceSchema } from "./compliance.ts";
import { apiErrorSchema } from "./errors.ts";
import {
  publicCallAttemptSchema,
  publicCallGroupSchema,
  publicCallRecordPageSchema,
  publicCallRecordSchema,
  publicCallStatusSchema,
  publicOutcomesSchema,
  publicRespondentSchema,
  publicSubmittedAnswerSchema,
  publicTranscriptLineSchema,
} from "./public-api.ts";

export const PUBLIC_API_BASE_PATH = "/api/v1";

type JsonObject = Record<string, unknown>;

/**
 * What each filter of GET /api/v1/call-records means. Keyed by callRecordsQuerySchema's own
 * fields, so a filter added to the app's Call Records fails to compile here until it is
 * documented.
 */
const QUERY_DESCRIPTIONS: Record<keyof typeof callRecordsQuerySchema.shape, string> = {
  search:
    "Part of the respondent's name or email, the form's title or the submitted answers (any case); a phone number in any format matches the number's digits.",
  status:
    "Only groups with a call in any of these statuses (comma-separated, e.g. voicemail,no-answer), not only their latest call. Unknown values are ignored; none known means all statuses.",
  lead: "Only groups whose lead outcome is any of these (comma-separated, e.g. reached,voicemail-left). Unknown values are ignored.",
  pageSize: `Groups a page: ${CALL_RECORDS_PAGE_SIZES.join(", ")} (default ${CALL_RECORDS_PAGE_SIZE}). Another value means the default.`,
  sort: "newest (the default) or oldest by the latest call, or duration (longest total first). An unknown value means newest.",
  page: "1-based. A page past the last one is empty.",
  assistant: "Only groups of this assistant (its id). A value that is not an id is ignored.",
  from: "Only groups whose latest call was at or after this instant (ISO 8601 with a zone, e.g. 2026-11-01T00:00:00Z).",
  to: "Only groups whose latest call was before this instant (exclusive).",
  outcome:
    "Only groups whose latest answered call gave this answer: key:yes or key:no for a yes/no question, key:Option for one of a list (e.g. qualified:yes).",
};

/**
 * Tidies zod's JSON Schema for an API document: no `additionalProperties: false` (v1 may add
 * fields, and a client that validated strictly would break), no regular expression next to a
 * well-known format (date-time, uuid), which says the same thing unreadably, and no
 * safe-integer bounds that only say "an integer".
 */
function tidy(ctx: { jsonSchema: JsonObject }): void {
  const schema = ctx.jsonSchema;
  if (schema.additionalProperties === false) delete schema.additionalProperties;
  if (typeof schema.format === "string" && typeof schema.pattern === "string") {
    delete schema.pattern;
  }
  if (schema.maximum === Number.MAX_SAFE_INTEGER) delete schema.maximum;
  if (schema.minimum === Number.MIN_SAFE_INTEGER) delete schema.minimum;
}

function withoutDialect(schema: JsonObject): JsonObject {
  const { $schema: _, $id: __, ...rest } = schema;
  return rest;
}

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const errorResponse = (description: string, example: { code: string; message: string }) => ({
  description,
  content: { "application/json": { schema: ref("Error"), example: { error: example } } },
});

/**
 * The OpenAPI 3.1 document of the public read API, generated from the contracts above (zod's
 * own JSON Schema output, draft 2020-12, which OpenAPI 3.1 uses as is). Served at
 * GET /api/v1/openapi.json.
 */
export function publicApiDocument(options: { serverUrl?: string } = {}): JsonObject {
  const components: Record<string, z.ZodType> = {
    CallRecordPage: publicCallRecordPageSchema,
    CallGroup: publicCallGroupSchema,
    CallAttempt: publicCallAttemptSchema,
    CallRecord: publicCallRecordSchema,
    CallStatus: publicCallStatusSchema,
    Respondent: publicRespondentSchema,
    Outcomes: publicOutcomesSchema,
    TranscriptLine: publicTranscriptLineSchema,
    SubmittedAnswer: publicSubmittedAnswerSchema,
    ConsentEvidence: consentEvidenceSchema,
    Error: apiErrorSchema,
  };
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of Object.entries(components)) registry.add(schema, { id });
  const generated = z.toJSONSchema(registry, {
    target: "draft-2020-12",
    io: "output",
    uri: (id) => `#/components/schemas/${id}`,
    override: tidy,
  });
  const schemas = Object.fromEntries(
    Object.entries(generated.schemas).map(([id, schema]) => [
      id,
      withoutDialect(schema as JsonObject),
    ]),
  );

  const parameters = Object.entries(callRecordsQuerySchema.shape).map(([name, schema]) => ({
    name,
    in: "query",
    required: false,
    description: QUERY_DESCRIPTIONS[name as keyof typeof QUERY_DESCRIPTIONS],
    schema: withoutDialect(
      z.toJSONSchema(schema, {
        target: "draft-2020-12",
        io: "input",
        unrepresentable: "any",
        override: tidy,
      }) as JsonObject,
    ),
  }));

  const refused = {
    "401": { $ref: "#/components/responses/Unauthorized" },
    "429": { $ref: "#/components/responses/RateLimited" },
    "503": { $ref: "#/components/responses/Unavailable" },
  };

  return {
    openapi: "3.1.0",
    info: {
      title: "Ringback API",
      version: "1.0.0",
      description: [
        "Read your organization's call records and what each call found out (its outcomes).",
        "",
        `Authenticate with an API key (\`${API_KEY_PREFIX}…\`) in the \`Authorization: Bearer\` header. Owners and admins create and revoke keys in Organization Settings → API Keys. A key reads exactly one organization.`,
        "",
        "Within v1, fields may be added to responses but are never renamed or removed: ignore fields you do not know.",
      ].join("\n"),
    },
    ...(options.serverUrl ? { servers: [{ url: options.serverUrl }] } : {}),
    security: [{ apiKey: [] }],
    tags: [{ name: "Call records", description: "Calls made for form submissions." }],
    paths: {
      [`${PUBLIC_API_BASE_PATH}/call-records`]: {
        get: {
          operationId: "listCallRecords",
          tags: ["Call records"],
          summary: "List call records",
          description: `One page of call groups (a form submission and its calls), ${CALL_RECORDS_PAGE_SIZE} a page, with the same search, filters and sort as the Call Records page. Filters that are not valid are ignored rather than refused, as on the page.`,
          parameters,
          responses: {
            "200": {
              description: "A page of call groups.",
              content: { "application/json": { schema: ref("CallRecordPage") } },
            },
            "400": { $ref: "#/components/responses/BadRequest" },
            ...refused,
          },
        },
      },
      [`${PUBLIC_API_BASE_PATH}/call-records/{id}`]: {
        get: {
          operationId: "getCallRecord",
          tags: ["Call records"],
          summary: "Get a call record",
          description:
            "One call with its summary, transcript, outcomes, the submitted answers and the consent evidence.",
          parameters: [
            {
              name: "id",
              in: "path",
              required: true,
              description: "A call's id: `attempts[].id` or `latestCallId` from the list.",
              schema: { type: "string", format: "uuid" },
            },
          ],
          responses: {
            "200": {
              description: "The call.",
              content: { "application/json": { schema: ref("CallRecord") } },
            },
            "404": errorResponse(
              "No call with this id in the key's organization (another organization's call is not found either).",
              { code: "not_found", message: "Call record not found" },
            ),
            ...refused,
          },
        },
      },
    },
    components: {
      schemas,
      securitySchemes: {
        apiKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: `${API_KEY_PREFIX} followed by 32 letters and digits`,
          description:
            "An organization API key from Organization Settings → API Keys. Shown once when created; revoked keys are refused.",
        },
      },
      responses: {
        BadRequest: errorResponse("The query could not be read (e.g. a search that is too long).", {
          code: "validation_failed",
          message: "The search is too long (at most 200 characters).",
        }),
        Unauthorized: errorResponse("No API key, or one that is not valid or was revoked.", {
          code: "unauthenticated",
          message: "This API key is not valid or was revoked.",
        }),
        RateLimited: {
          ...errorResponse("Too many requests with this key; wait Retry-After seconds.", {
            code: "rate_limited",
            message: "Too many requests with this API key. Try again in 12 seconds.",
          }),
          headers: {
            "Retry-After": {
              description: "Seconds to wait before the next request.",
              schema: { type: "integer" },
            },
          },
        },
        Unavailable: {
          ...errorResponse(
            "Ringback is briefly unavailable; try again after Retry-After seconds.",
            {
              code: "unavailable",
              message: "Ringback is temporarily unavailable. Please try again in a moment.",
            },
          ),
          headers: {
            "Retry-After": {
              description: "Seconds to wait before trying again.",
              schema: { type: "integer" },
            },
          },
        },
      },
    },
  };
}
