import {
  type DeliveryJobData,
  deliverSandboxWebhook,
  SANDBOX_TYPEFORM_DELIVER_JOB,
} from "../sandbox/typeform/deliver.ts";
import { defineJob } from "./job.ts";

/** One webhook delivery of the Typeform sandbox; a thrown error makes pg-boss retry it. */
export const sandboxTypeformDeliverJob = defineJob<DeliveryJobData>({
  name: SANDBOX_TYPEFORM_DELIVER_JOB,
  handle: (data, { db, logger }) => deliverSandboxWebhook(db, logger, data),
});
