import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Webhook endpoints in tests are reached as merchants configure them: a host name over https with
// the certificate verified. That needs a certificate authority of our own, which Node trusts only
// through NODE_EXTRA_CA_CERTS set before a process starts (the test and Playwright configs do it).

export type TestCertificates = {
  /** the test CA: give NODE_EXTRA_CA_CERTS extraCaCerts(), which holds it */
  caFile: string;
  /** a certificate for localhost (DNS:localhost, IP:127.0.0.1, IP:::1) signed by the test CA */
  certFile: string;
  keyFile: string;
  /** a certificate for the same names signed by another CA, which nothing trusts */
  untrustedCertFile: string;
  untrustedKeyFile: string;
};

const DIR = path.join(os.tmpdir(), "checkout-test-tls-v1");
const FILES = {
  caFile: "ca.pem",
  certFile: "localhost.pem",
  keyFile: "localhost-key.pem",
  untrustedCertFile: "untrusted-localhost.pem",
  untrustedKeyFile: "untrusted-localhost-key.pem",
} as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * What NODE_EXTRA_CA_CERTS names for the processes the tests start: the test CA, and whatever the
 * machine already trusted that way. Replacing the machine's would cut off what it is there for (here,
 * the npm registry behind a proxy with a CA of its own, which the rolling-upgrade test installs from).
 */
export function extraCaCerts(): string {
  const { caFile } = testCertificates();
  const bundle = path.join(DIR, `extra-ca-${process.getuid?.() ?? 0}.pem`);
  const machine = process.env.NODE_EXTRA_CA_CERTS;
  if (!machine || machine === caFile) return caFile;
  if (machine === bundle) return bundle; // set by a parent process already
  const tmp = `${bundle}.${process.pid}.tmp`;
  fs.writeFileSync(tmp, `${fs.readFileSync(machine, "utf8").trimEnd()}\n${fs.readFileSync(caFile, "utf8")}`);
  fs.renameSync(tmp, bundle);
  return bundle;
}

let cached: TestCertificates | undefined;

/**
 * The test certificates, made once per machine. Several processes may ask at the same moment (the
 * test runner, its workers, Playwright): each writes into its own temporary folder and renames it
 * into place, so a reader never sees half-written files and the first rename wins.
 */
export function testCertificates(): TestCertificates {
  if (cached) return cached;
  const paths = Object.fromEntries(Object.entries(FILES).map(([k, f]) => [k, path.join(DIR, f)])) as TestCertificates;
  if (!usable(paths)) {
    if (fs.existsSync(DIR)) {
      // expired: move it aside in one step rather than delete in place, which a reader could see half-done
      const aside = `${DIR}-old-${process.pid}-${Date.now()}`;
      try {
        fs.renameSync(DIR, aside);
        fs.rmSync(aside, { recursive: true, force: true });
      } catch {
        // another process moved it first
      }
    }
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "checkout-test-tls-tmp-"));
    try {
      generate(tmp);
      fs.renameSync(tmp, DIR);
    } catch (err) {
      fs.rmSync(tmp, { recursive: true, force: true });
      // another process renamed its folder first: use that one
      if (!usable(paths)) throw err;
    }
  }
  cached = paths;
  return paths;
}

function usable(paths: TestCertificates): boolean {
  try {
    for (const file of Object.values(paths)) fs.accessSync(file, fs.constants.R_OK);
    const leaf = new crypto.X509Certificate(fs.readFileSync(paths.certFile));
    return Date.parse(leaf.validTo) - Date.now() > DAY_MS;
  } catch {
    return false;
  }
}

function generate(dir: string) {
  const openssl = (...args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"] });
  fs.writeFileSync(
    path.join(dir, "leaf.ext"),
    [
      "basicConstraints = critical, CA:FALSE",
      "keyUsage = critical, digitalSignature",
      "extendedKeyUsage = serverAuth",
      "subjectAltName = DNS:localhost, IP:127.0.0.1, IP:::1",
    ].join("\n"),
  );
  const ca = (name: string, cn: string) =>
    openssl(
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      `${name}-key.pem`,
      "-out",
      `${name}.pem`,
      "-days",
      "3650",
      "-subj",
      `/CN=${cn}`,
      "-addext",
      "basicConstraints = critical, CA:TRUE",
      "-addext",
      "keyUsage = critical, keyCertSign, cRLSign",
    );
  const leaf = (name: string, caName: string) => {
    openssl(
      "req",
      "-new",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-keyout",
      `${name}-key.pem`,
      "-out",
      `${name}.csr`,
      "-subj",
      "/CN=localhost",
    );
    openssl(
      "x509",
      "-req",
      "-in",
      `${name}.csr`,
      "-CA",
      `${caName}.pem`,
      "-CAkey",
      `${caName}-key.pem`,
      "-set_serial",
      `0x${crypto.randomBytes(8).toString("hex")}`,
      "-days",
      "3650",
      "-extfile",
      "leaf.ext",
      "-out",
      `${name}.pem`,
    );
  };
  ca("ca", "Checkout test CA");
  leaf("localhost", "ca");
  ca("untrusted-ca", "Checkout untrusted test CA");
  leaf("untrusted-localhost", "untrusted-ca");
  // the CA keys are not needed again: nothing else can be signed with them
  for (const f of ["ca-key.pem", "untrusted-ca-key.pem", "untrusted-ca.pem", "localhost.csr", "untrusted-localhost.csr", "leaf.ext"]) {
    fs.rmSync(path.join(dir, f));
  }
}
