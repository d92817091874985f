import { z } from "zod";

const componentSchema = z.object({
  status: z.enum(["up", "down"]),
  latencyMs: z.number().optional(),
  error: z.string().optional(),
});

/** GET /api/health — 200 when every component is up, 503 otherwise. */
export const healthResponseSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  version: z.string(),
  uptimeSeconds: z.number(),
  database: componentSchema,
  queue: componentSchema,
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
