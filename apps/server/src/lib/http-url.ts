import { z } from "zod";

/** An absolute http:// or https:// URL of reasonable length (webhook targets). */
export const httpUrlSchema = z
  .string()
  .max(2048)
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === "https:" || url.protocol === "http:";
    } catch {
      return false;
    }
  }, "must be an http:// or https:// URL");
