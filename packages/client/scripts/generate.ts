import fs from "node:fs/promises";
import path from "node:path";
import openapiTS, { astToString } from "openapi-typescript";
import prettier from "prettier";

// The client's generated files, from the service's OpenAPI document: the document itself
// (openapi.json) and its TypeScript types (src/schema.d.ts, by openapi-typescript). Both are
// formatted with the repository's Prettier settings, so they are written byte for byte the same
// whether made here or checked in a test (test/generated.test.ts).
//
//   npm run client:generate     (= npm run --silent openapi | this script)

export const CLIENT_ROOT = path.resolve(import.meta.dirname, "..");
export const GENERATED = ["openapi.json", "src/schema.d.ts"] as const;
export type GeneratedFile = (typeof GENERATED)[number];

const BANNER = `// Generated from the service's OpenAPI document by openapi-typescript: do not edit.
// Regenerate with \`npm run client:generate\`; test/generated.test.ts fails when this file is stale.
`;

async function format(text: string, parser: "json" | "typescript"): Promise<string> {
  const options = (await prettier.resolveConfig(path.join(CLIENT_ROOT, "package.json"))) ?? {};
  return prettier.format(text, { ...options, parser });
}

export async function generateClientFiles(document: object): Promise<Record<GeneratedFile, string>> {
  const ast = await openapiTS(structuredClone(document) as Parameters<typeof openapiTS>[0]);
  return {
    "openapi.json": await format(JSON.stringify(document), "json"),
    "src/schema.d.ts": await format(BANNER + astToString(ast), "typescript"),
  };
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const input = await readStdin();
  let document: object;
  try {
    document = JSON.parse(input) as object;
  } catch {
    console.error("client:generate: stdin is not the OpenAPI document (pipe `npm run --silent openapi` into it)");
    process.exit(2);
  }
  const files = await generateClientFiles(document);
  for (const [name, text] of Object.entries(files)) {
    await fs.writeFile(path.join(CLIENT_ROOT, name), text);
    console.error(`wrote packages/client/${name}`);
  }
}
