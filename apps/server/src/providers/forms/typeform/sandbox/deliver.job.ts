import { z } from "zod";
import type { QueueJob } from "../../../../queue/queue.ts";
import {
  type DeliveryJobData,
  deliverSandboxWebhook,
  SANDBOX_TYPEFORM_DELIVER_JOB,
} from "./deliver.ts";

/** One webhook delivery of the Typeform sandbox; a thrown error makes pg-boss retry it. */
export const sandboxTypeformDeliverJob: QueueJob<DeliveryJobData> = {
  name: SANDBOX_TYPEFORM_DELIVER_JOB,
  payload: z.object({
    webhookId: z.string().min(1),
    responseToken: z.string().min(1),
    signature: z.string().nullable(),
  }),
  handle: (data, { db, logger }) => deliverSandboxWebhook(db, logger, data),
};
