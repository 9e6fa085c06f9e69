import crypto from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

// A passkey in software, for the API tests: an ES256 key that answers the service's WebAuthn options
// as a platform authenticator with user verification would (attestation "none"), with the origin and
// relying party of APP_URL. The e2e tests use Chromium's virtual authenticator instead.

const b64url = (b: Uint8Array | Buffer | string) => Buffer.from(b).toString("base64url");
const sha256 = (b: Uint8Array | Buffer | string) => crypto.createHash("sha256").update(b).digest();
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

type Options = { challenge: string; rp?: { id?: string }; rpId?: string };

export class SoftPasskey {
  readonly id = b64url(crypto.randomBytes(16));
  private readonly keys = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  private counter = 0;

  constructor(private readonly appUrl: string) {}

  private get origin() {
    return new URL(this.appUrl).origin;
  }

  private authData(rpId: string, flags: number, extra: Buffer = Buffer.alloc(0)) {
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), u32(++this.counter), extra]);
  }

  private clientData(type: "webauthn.create" | "webauthn.get", challenge: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** The browser's answer to registration options (generateRegistrationOptions). */
  register(options: Options) {
    const rpId = options.rp?.id ?? new URL(this.appUrl).hostname;
    const jwk = this.keys.publicKey.export({ format: "jwk" });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, "base64url")],
        [-3, Buffer.from(jwk.y!, "base64url")],
      ]),
    );
    const rawId = Buffer.from(this.id, "base64url");
    const credential = Buffer.concat([Buffer.alloc(16), Buffer.from([rawId.length >> 8, rawId.length & 0xff]), rawId, cose]);
    // user present, user verified, attested credential data
    const authData = this.authData(rpId, 0x01 | 0x04 | 0x40, credential);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Uint8Array | Map<string, string>>([
        ["fmt", "none"],
        ["attStmt", new Map<string, string>()],
        ["authData", authData],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(this.clientData("webauthn.create", options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ["internal"],
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }

  /** The browser's answer to authentication options (generateAuthenticationOptions). */
  authenticate(options: Options) {
    const rpId = options.rpId ?? new URL(this.appUrl).hostname;
    const authData = this.authData(rpId, 0x01 | 0x04);
    const clientData = this.clientData("webauthn.get", options.challenge);
    const signature = crypto.sign("sha256", Buffer.concat([authData, sha256(clientData)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: "public-key" as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
      authenticatorAttachment: "platform",
    };
  }
}
