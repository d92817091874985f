import type { Assistant, AssistantDetail } from "@ringback/contracts";

/** What every step of the wizard gets from the page. */
export interface StepProps {
  assistant: AssistantDetail;
  organizationId: string;
  /** Owners and admins; members see everything read-only. */
  canManage: boolean;
  /** Puts what the server saved into the cache. */
  store: (saved: Assistant) => void;
  goTo: (step: number) => void;
  /** Shows 'Error: {text}' in the header's connection status. */
  reportConnectionError: (message: string) => void;
}
