import { eq } from "drizzle-orm";
import type { Database } from "../../db/database.ts";
import { formAssistants } from "../../db/schema/index.ts";
import type { FormFields } from "../../providers/forms/form-source.ts";

/**
 * A sample submission's fields, kept on its assistant: what the wizard offers for the phone,
 * availability, name and email of a source that has no API to read a form from.
 */
export async function storeSample(
  db: Database,
  assistantId: string,
  fields: FormFields,
): Promise<void> {
  await db
    .update(formAssistants)
    .set({
      sampleFields: {
        title: fields.title,
        all: fields.all,
        phone: fields.phone,
        checkbox: fields.checkbox,
        text: fields.text,
        email: fields.email,
        hidden: fields.hidden,
      },
      sampleReceivedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(eq(formAssistants.id, assistantId));
}
