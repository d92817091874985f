import {
  CALL_RECORDS_PAGE_SIZE,
  type CallGroupCount,
  type CallGroupPage,
  type CallRecordDetails,
  type OutcomeQuestion,
  type SignedLink,
} from "@ringback/contracts";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { type CallRecordsParams, callRecordsApiQuery } from "./url-state";

const basePath = (organizationId: string) => `/api/organizations/${organizationId}/call-records`;

/**
 * One page of call groups. Its key starts with the organization and "call-records", so live
 * updates (lib/live-updates.ts) refetch it; the previous page stays on screen meanwhile, so a
 * refetch never blanks the table or loses the user's place.
 */
export function useCallGroups(organizationId: string, params: CallRecordsParams) {
  const query = callRecordsApiQuery(params).toString();
  return useQuery({
    queryKey: ["organization", organizationId, "call-records", "list", query],
    queryFn: ({ signal }) =>
      api.get<CallGroupPage>(`${basePath(organizationId)}${query ? `?${query}` : ""}`, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/**
 * The exact number of groups a search matches, asked for with its page (not after it): a broad
 * search's page comes without its total, which takes longer to count than the page to find.
 */
export function useCallGroupsCount(
  organizationId: string,
  params: CallRecordsParams,
  enabled: boolean,
) {
  // The count does not depend on the page or its size: one count for all of them.
  const query = callRecordsApiQuery({
    ...params,
    page: 1,
    pageSize: CALL_RECORDS_PAGE_SIZE,
  }).toString();
  return useQuery({
    queryKey: ["organization", organizationId, "call-records", "count", query],
    queryFn: ({ signal }) =>
      api.get<CallGroupCount>(`${basePath(organizationId)}/count${query ? `?${query}` : ""}`, {
        signal,
      }),
    enabled,
    staleTime: 0,
  });
}

/**
 * The organization's outcome questions, once per key: the columns and the Outcome
 * filter the page offers. Outside "call-records": a live update of a call does not change them.
 */
export function useOutcomeQuestions(organizationId: string) {
  return useQuery({
    queryKey: ["organization", organizationId, "outcome-questions"],
    queryFn: ({ signal }) =>
      api.get<OutcomeQuestion[]>(`${basePath(organizationId)}/outcome-questions`, { signal }),
  });
}

/** One attempt's details for the side panel (live too: a call in progress fills in). */
export function useCallRecord(organizationId: string, callRecordId: string | null) {
  return useQuery({
    queryKey: ["organization", organizationId, "call-records", "details", callRecordId],
    queryFn: ({ signal }) =>
      api.get<CallRecordDetails>(`${basePath(organizationId)}/${callRecordId}`, { signal }),
    enabled: Boolean(callRecordId),
  });
}

/** A fresh signed link to play an attempt's recording. */
export function recordingLink(organizationId: string, callRecordId: string) {
  return api.get<SignedLink>(`${basePath(organizationId)}/${callRecordId}/recording-link`);
}

/** A fresh signed link to download the current filter as CSV. */
export function exportLink(organizationId: string, params: CallRecordsParams) {
  const query = callRecordsApiQuery({
    ...params,
    page: 1,
    pageSize: CALL_RECORDS_PAGE_SIZE,
  }).toString();
  return api.get<SignedLink>(`${basePath(organizationId)}/export-link${query ? `?${query}` : ""}`);
}
