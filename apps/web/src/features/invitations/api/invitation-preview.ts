// The preview is read by sign-up too, so it lives in lib/.
export {
  invitationPreviewQueryKey,
  invitationPreviewQueryOptions,
  useInvitationPreview,
} from "@/lib/invitations";
