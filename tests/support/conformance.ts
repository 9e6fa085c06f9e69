import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormatsModule from "ajv-formats";
import { openApiDocument } from "@/app/api/route-modules";

// Checks an answer of the API against the OpenAPI document (lib/openapi/document.ts): its status is
// documented for the path and method, the headers the document requires are there and match, and
// the JSON body matches the schema. call() (tests/support/api.ts) runs it on every answer.

type Json = Record<string, any>;
const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => Ajv2020;

const DOC_ID = "https://checkout.test/openapi.json";
let ajv: Ajv2020 | undefined;
const validators = new Map<string, ValidateFunction>();

function compiler(): Ajv2020 {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true });
    addFormats(ajv);
    ajv.addSchema({ ...structuredClone(openApiDocument()), $id: DOC_ID });
  }
  return ajv;
}

/** A validator for a schema of the document: a $ref into it, or an inline schema. */
function validatorFor(key: string, schema: Json): ValidateFunction {
  let v = validators.get(key);
  if (!v) {
    const a = compiler();
    v = typeof schema.$ref === "string" && schema.$ref.startsWith("#/") ? a.compile({ $ref: DOC_ID + schema.$ref }) : a.compile(schema);
    validators.set(key, v);
  }
  return v;
}

function resolve(obj: Json): Json {
  let o = obj;
  while (typeof o?.$ref === "string") {
    const parts = o.$ref
      .slice(2)
      .split("/")
      .map((p: string) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
    o = parts.reduce((acc: any, p: string) => acc?.[p], openApiDocument() as Json);
    if (!o) throw new Error(`unresolvable $ref ${obj.$ref}`);
  }
  return o;
}

/** The response object the document gives for this answer, or why there is none. */
export function documentedResponse(
  template: string,
  method: string,
  status: number,
): { response: Json; where: string } | { error: string } {
  const doc = openApiDocument() as Json;
  const where = `${method} ${template} → ${status}`;
  const pathItem = doc.paths[template];
  if (!pathItem) return { error: `${template} is not in the OpenAPI document` };
  const op = pathItem[method.toLowerCase()];
  if (!op) {
    // a method the path does not serve: methods() answers 405 with Allow
    if (status !== 405) return { error: `${where}: ${method} is not documented for ${template}, and the answer is not 405` };
    return { response: resolve(doc.components.responses.MethodNotAllowed), where };
  }
  const response = op.responses[String(status)];
  if (!response) return { error: `${where}: status ${status} is not documented (documented: ${Object.keys(op.responses).join(", ")})` };
  return { response: resolve(response), where };
}

/** The problems of an answer against one documented response; empty when it conforms. */
export function responseProblems(
  documented: { response: Json; where: string },
  answer: { headers: Headers; body: unknown; contentType?: string | null },
): string[] {
  const { response, where } = documented;
  const problems: string[] = [];
  for (const [name, h] of Object.entries<Json>(response.headers ?? {})) {
    const header = resolve(h);
    const value = answer.headers.get(name);
    if (value === null) {
      if (header.required) problems.push(`header ${name} is required but absent`);
      continue;
    }
    const check = validatorFor(`header:${name}:${JSON.stringify(header.schema)}`, header.schema ?? {});
    if (!check(value)) problems.push(`header ${name}: ${JSON.stringify(value)} ${compiler().errorsText(check.errors)}`);
  }
  const media = response.content?.["application/json"];
  if (media) {
    if (answer.contentType !== undefined && !answer.contentType?.startsWith("application/json"))
      problems.push(`content-type ${answer.contentType}, documented application/json`);
    const check = validatorFor(`${where}:${JSON.stringify(media.schema)}`, media.schema);
    if (!check(answer.body)) {
      const errors = (check.errors ?? []).slice(0, 8).map((e) => `${e.instancePath || "(body)"} ${e.message} ${JSON.stringify(e.params)}`);
      problems.push(`body does not match ${media.schema.$ref ?? "its schema"}: ${errors.join("; ")}`);
    }
  }
  return problems;
}

/** Throws, naming the path, the status and every problem, when an answer does not match the document. */
export function assertConforms(
  template: string,
  method: string,
  answer: { status: number; headers: Headers; body: unknown; contentType?: string | null },
): void {
  const documented = documentedResponse(template, method, answer.status);
  if ("error" in documented) throw new Error(`OpenAPI conformance: ${documented.error}\n${JSON.stringify(answer.body).slice(0, 500)}`);
  const problems = responseProblems(documented, answer);
  if (problems.length)
    throw new Error(
      `OpenAPI conformance: ${documented.where}:\n  ${problems.join("\n  ")}\nbody: ${JSON.stringify(answer.body).slice(0, 1000)}`,
    );
}

/** The document's answer to a path no route serves. */
export function unknownRouteResponse(): Json {
  return resolve((openApiDocument() as Json).components.responses.UnknownRoute);
}

export { templateOf } from "@/lib/openapi/route-index";
