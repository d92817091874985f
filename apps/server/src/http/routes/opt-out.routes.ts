import { optOutConfirmRequestSchema, optOutSendCodeRequestSchema } from "@ringback/contracts";
import { Hono } from "hono";
import { createOptOut, type OptOutDeps } from "../../domain/compliance/opt-out.ts";
import { parseJson } from "../validate.ts";
import { clientAddress } from "./auth.routes.ts";

/**
 * The public opt-out page's API, under /api/opt-out, for anyone (no sign-in).
 * Neither answer says which organizations, or whether any, had the number.
 */
export function optOutRoutes(deps: OptOutDeps & { trustProxy: boolean }) {
  const optOut = createOptOut(deps);
  return (
    new Hono()
      // POST /api/opt-out/send-code {phoneNumber, country?} — texts a one-time code, within the send limits.
      .post("/send-code", async (c) => {
        const { phoneNumber, country } = await parseJson(c, optOutSendCodeRequestSchema);
        return c.json(
          await optOut.sendCode({ phoneNumber, country, ip: clientAddress(c, deps.trustProxy) }),
        );
      })
      // POST /api/opt-out/confirm {phoneNumber, code} — the code proves the number; it is then
      // on the do-not-call list of every organization that has it.
      .post("/confirm", async (c) => {
        const input = await parseJson(c, optOutConfirmRequestSchema);
        return c.json(await optOut.confirm(input));
      })
  );
}
