import { exportJWK, generateKeyPair, type JSONWebKeySet, SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  createAccessTokenVerifier,
} from "./access-token.ts";

async function keyPair(kid: string) {
  const { publicKey, privateKey } = await generateKeyPair("EdDSA", { crv: "Ed25519" });
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, alg: "EdDSA" } };
}

async function token(
  key: Awaited<ReturnType<typeof keyPair>>,
  claims: Record<string, unknown> = { sid: "session-1" },
  expires = "15m",
) {
  return new SignJWT(claims)
    .setProtectedHeader({ alg: "EdDSA", kid: key.kid })
    .setSubject("user-1")
    .setIssuer(ACCESS_TOKEN_ISSUER)
    .setAudience(ACCESS_TOKEN_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(expires)
    .sign(key.privateKey);
}

describe("access token verification (its JWT errors)", () => {
  it("accepts a token signed by a published key", async () => {
    const key = await keyPair("k1");
    const verify = createAccessTokenVerifier(async () => ({ keys: [key.jwk] }));
    await expect(verify(await token(key))).resolves.toMatchObject({
      sub: "user-1",
      sid: "session-1",
    });
  });

  it("says 'JWKS is empty' when no key is published", async () => {
    const key = await keyPair("k1");
    const verify = createAccessTokenVerifier(async () => ({ keys: [] }));
    await expect(verify(await token(key))).rejects.toThrow("JWKS is empty");
  });

  it("says 'No matching signing key found in JWKS' for an unknown key id, after reloading once", async () => {
    const published = await keyPair("k1");
    const stranger = await keyPair("k2");
    let loads = 0;
    const verify = createAccessTokenVerifier(async () => {
      loads += 1;
      return { keys: [published.jwk] } as JSONWebKeySet;
    });
    await expect(verify(await token(stranger))).rejects.toThrow(
      "No matching signing key found in JWKS",
    );
    expect(loads).toBe(2);
  });

  it("picks up a rotated key without a restart", async () => {
    const first = await keyPair("k1");
    const second = await keyPair("k2");
    let keys = [first.jwk];
    const verify = createAccessTokenVerifier(async () => ({ keys }));
    await verify(await token(first));
    keys = [first.jwk, second.jwk];
    await expect(verify(await token(second))).resolves.toMatchObject({ sub: "user-1" });
  });

  it("says 'Invalid JWT signature' when the signature does not match the key", async () => {
    const published = await keyPair("k1");
    const impostor = await keyPair("k1");
    const verify = createAccessTokenVerifier(async () => ({ keys: [published.jwk] }));
    await expect(verify(await token(impostor))).rejects.toThrow("Invalid JWT signature");
  });

  it("refuses expired tokens, tokens without a session, and garbage", async () => {
    const key = await keyPair("k1");
    const verify = createAccessTokenVerifier(async () => ({ keys: [key.jwk] }));
    await expect(verify(await token(key, { sid: "s" }, "-1m"))).rejects.toThrow("JWT expired");
    await expect(verify(await token(key, {}))).rejects.toThrow("Invalid JWT claims");
    await expect(verify("not-a-token")).rejects.toThrow("Invalid JWT");
  });
});
