// The yardstick for bench/api.mjs: the least a service can do for the same two endpoints, i.e.
// the same SQL on the same database through the same driver, with no framework in between.
// Run by api.mjs as a child process (so it gets its own event loop, like the real service).
// Env: DATABASE_URL, PORT, DB_POOL_SIZE (default 20).
import crypto from "node:crypto";
import http from "node:http";
import postgres from "postgres";

const sql = postgres(process.env.DATABASE_URL, { max: Number(process.env.DB_POOL_SIZE ?? 20), onnotice: () => {} });
const DAY_MS = 24 * 60 * 60 * 1000;
const USDC = /^(0|[1-9]\d{0,14})(?:\.(\d{1,6}))?$/;

const send = (res, status, body) => {
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "content-length": Buffer.byteLength(text) });
  res.end(text);
};

async function merchantOf(req) {
  const key = req.headers["x-api-key"];
  if (typeof key !== "string" || key.length > 200) return null;
  const hash = crypto.createHash("sha256").update(key).digest("hex");
  const [row] = await sql`select merchant_id from api_keys where key_hash = ${hash} and revoked_at is null limit 1`;
  return row?.merchant_id ?? null;
}

async function readJson(req) {
  let text = "";
  for await (const chunk of req) text += chunk;
  return JSON.parse(text);
}

async function createSession(req, res, merchantId) {
  const body = await readJson(req);
  const m = USDC.exec(String(body.amountUsdc));
  if (!m || body.merchantId !== merchantId) return send(res, 400, { success: false });
  const amountMicro = BigInt(m[1]) * 1_000_000n + BigInt((m[2] ?? "").padEnd(6, "0"));
  const [row] = await sql`
    insert into checkout_sessions (id, merchant_id, amount_micro, destination_chain_id, destination_token, recipient_address, status, expires_at)
    values (${`sess_${crypto.randomBytes(16).toString("hex")}`}, ${merchantId}, ${amountMicro.toString()}, ${body.destinationChainId},
            ${body.destinationToken}, ${body.recipientAddress}, 'CREATED', ${new Date(Date.now() + DAY_MS)})
    returning *`;
  send(res, 201, { success: true, responseObject: { session: row } });
}

async function getSession(res, merchantId, id) {
  const [row] = await sql`select * from checkout_sessions where id = ${id}`;
  if (!row) return send(res, 404, { success: false });
  if (row.merchant_id !== merchantId) return send(res, 403, { success: false });
  send(res, 200, { success: true, responseObject: row });
}

const server = http.createServer(async (req, res) => {
  try {
    if (req.url === "/health") return send(res, 200, (await sql`select 1 as ok`)[0]);
    const merchantId = await merchantOf(req);
    if (!merchantId) return send(res, 401, { success: false });
    if (req.method === "POST" && req.url === "/api/checkout/sessions") return await createSession(req, res, merchantId);
    const get = req.method === "GET" && /^\/api\/checkout\/sessions\/([^/?]+)$/.exec(req.url);
    if (get) return await getSession(res, merchantId, decodeURIComponent(get[1]));
    send(res, 404, { success: false });
  } catch (err) {
    console.error(err);
    if (!res.headersSent) send(res, 500, { success: false });
  }
});
server.keepAliveTimeout = 65_000;
server.listen(Number(process.env.PORT), "127.0.0.1");

process.once("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  sql.end({ timeout: 5 }).finally(() => process.exit(0));
});
