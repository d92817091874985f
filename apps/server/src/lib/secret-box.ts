import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  hkdfSync,
  randomBytes,
  timingSafeEqual,
} from "node:crypto";

/**
 * Encryption at rest (provider tokens, webhook secrets) with AES-256-GCM, and HMAC signing
 * (OAuth state), both keyed from SECRET_KEY through HKDF so that each use has its own key.
 * Ciphertexts are `v1.<iv>.<tag>.<data>` in base64url; the version leaves room to rotate.
 */
export interface SecretBox {
  encrypt(plaintext: string): string;
  decrypt(ciphertext: string): string;
  sign(value: string): string;
  /** Constant-time check of a signature made by sign(). */
  verify(value: string, signature: string): boolean;
}

export class DecryptionError extends Error {
  constructor() {
    super("Could not decrypt a stored secret (wrong SECRET_KEY or corrupted data)");
    this.name = "DecryptionError";
  }
}

function derive(secretKey: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync("sha256", secretKey, "ringback", purpose, 32));
}

export function createSecretBox(secretKey: string): SecretBox {
  const encryptionKey = derive(secretKey, "encryption:v1");
  const signingKey = derive(secretKey, "signing:v1");
  const sign = (value: string) =>
    createHmac("sha256", signingKey).update(value).digest("base64url");
  return {
    encrypt(plaintext) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", encryptionKey, iv);
      const data = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return ["v1", iv, tag, data]
        .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
        .join(".");
    },
    decrypt(ciphertext) {
      const [version, iv, tag, data] = ciphertext.split(".");
      if (version !== "v1" || !iv || !tag || data === undefined) throw new DecryptionError();
      try {
        const decipher = createDecipheriv(
          "aes-256-gcm",
          encryptionKey,
          Buffer.from(iv, "base64url"),
        );
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([
          decipher.update(Buffer.from(data, "base64url")),
          decipher.final(),
        ]).toString("utf8");
      } catch {
        throw new DecryptionError();
      }
    },
    sign,
    verify(value, signature) {
      const expected = Buffer.from(sign(value));
      const given = Buffer.from(signature);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
  };
}
