import type { TestCallStarted, TestCallState } from "@ringback/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";

const testCallsPath = (organizationId: string, assistantId: string) =>
  `/api/organizations/${organizationId}/assistants/${assistantId}/test-calls`;

/** How often the open dialog asks how the call is going. */
export const TEST_CALL_POLL_MS = 2000;

/** POST …/test-calls: places a test call to the signed-in user's own phone. */
export function startTestCall(organizationId: string, assistantId: string) {
  return api.post<TestCallStarted>(testCallsPath(organizationId, assistantId));
}

/**
 * The test call, asked for every TEST_CALL_POLL_MS while the dialog shows it and the call has not
 * ended (and at once when the live-updates stream says a call changed: the key is under
 * "call-records"). A failed read stops the polling, so the dialog can say so and offer Retry.
 */
export function useTestCall(organizationId: string, assistantId: string, callRecordId: string) {
  return useQuery({
    queryKey: ["organization", organizationId, "call-records", "test-call", callRecordId],
    queryFn: ({ signal }) =>
      api.get<TestCallState>(`${testCallsPath(organizationId, assistantId)}/${callRecordId}`, {
        signal,
      }),
    refetchInterval: (query) =>
      query.state.data?.final || query.state.status === "error" ? false : TEST_CALL_POLL_MS,
    retry: 1,
    staleTime: 0,
  });
}
