// A request made by a process of its own (an app instance), so that a test can kill it half-way.
// REQUEST: {"method","url","key","body","headers"} as JSON.
import { call } from "./api";

const r = JSON.parse(process.env.REQUEST ?? "{}");
const res = await call(r.method, r.url, { key: r.key, body: r.body, headers: r.headers });
process.stdout.write(JSON.stringify({ status: res.status }) + "\n");
process.exit(0);
