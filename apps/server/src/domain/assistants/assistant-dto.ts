import { type Assistant, voiceSources } from "@ringback/contracts";
import type { formAssistants } from "../../db/schema/index.ts";

export function toAssistantDto(row: typeof formAssistants.$inferSelect): Assistant {
  return {
    id: row.id,
    organization_id: row.organizationId,
    user_id: row.userId,
    provider: row.provider as Assistant["provider"],
    name: row.name,
    form_id: row.formId,
    form_title: row.formTitle,
    phone_field_id: row.phoneFieldId,
    checkbox_field_id: row.checkboxFieldId,
    consent_text: row.consentText,
    name_field_id: row.nameFieldId,
    email_field_id: row.emailFieldId,
    assistant_script: row.assistantScript,
    first_sentence: row.firstSentence,
    outcome_questions: row.outcomeQuestions,
    is_active: row.isActive,
    webhook_id: row.webhookId,
    webhook_url: row.webhookUrl,
    created_at: row.createdAt.toISOString(),
    form_public_url: row.formPublicUrl,
    form_edit_url: row.formEditUrl,
    call_settings: {
      maxAttempts: row.maxAttempts,
      retryDelayMinutes: row.retryDelayMinutes,
      callingWindowStart: row.callingWindowStart,
      callingWindowEnd: row.callingWindowEnd,
      defaultTimeZone: row.defaultTimeZone,
      defaultCountry: row.defaultCountry,
      voicemailAction: row.voicemailAction,
      voicemailMessage: row.voicemailMessage,
      skipSundays: row.skipSundays,
      skipHolidays: row.skipHolidays,
      voice: assistantVoice(row),
      language: row.language,
      maxCallMinutes: row.maxCallMinutes,
      transferNumber: row.transferNumber,
      maxLeadAgeHours: row.maxLeadAgeHours,
    },
  };
}

/** The saved voice with the list it was chosen from (voiceSourceOf); null when none is saved. */
function assistantVoice(
  row: Pick<typeof formAssistants.$inferSelect, "voiceProvider" | "voiceId" | "voiceName">,
): Assistant["call_settings"]["voice"] {
  const provider = voiceSources.find((id) => id === row.voiceProvider);
  if (!provider || !row.voiceId) return null;
  return { provider, id: row.voiceId, name: row.voiceName ?? row.voiceId };
}
