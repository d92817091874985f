import { escapeHtml } from "./escape-html.ts";

/**
 * The one shell of Ringback's server-rendered pages (the sandboxes, the development outboxes,
 * the OAuth refusal page): no script (the content security policy allows none inline), inline
 * styles only, never indexed. `body` is trusted HTML: escape what goes into it.
 */
export function htmlDocument(options: {
  title: string;
  styles: string;
  body: string;
  /** Extra <head> markup (trusted), e.g. a refresh. */
  head?: string;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
${options.head ? `${options.head}\n` : ""}<meta name="robots" content="noindex">
<title>${escapeHtml(options.title)}</title>
<style>${options.styles}</style>
</head>
<body>
${options.body}
</body>
</html>
`;
}
