/** Reads `access_token` from a URL hash like `#access_token=…&token_type=bearer`. */
export function accessTokenFromHash(hash: string): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const token = params.get("access_token");
  return token?.trim() ? token : null;
}
