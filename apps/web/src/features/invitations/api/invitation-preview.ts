// The preview is read by sign-up too (issue 12 §7), so it lives in lib/.
export {
  invitationPreviewQueryKey,
  invitationPreviewQueryOptions,
  useInvitationPreview,
} from "@/lib/invitations";
