import { defineJob } from "../../../../jobs/job.ts";
import {
  type DeliveryJobData,
  deliverSandboxWebhook,
  SANDBOX_TYPEFORM_DELIVER_JOB,
} from "./deliver.ts";

/** One webhook delivery of the Typeform sandbox; a thrown error makes pg-boss retry it. */
export const sandboxTypeformDeliverJob = defineJob<DeliveryJobData>({
  name: SANDBOX_TYPEFORM_DELIVER_JOB,
  handle: (data, { db, logger }) => deliverSandboxWebhook(db, logger, data),
});
