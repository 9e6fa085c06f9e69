// The minimal app's configuration: nothing but what the bench needs (no telemetry prompt, the repository's root for Turbopack).
import path from "node:path";

export default { turbopack: { root: path.resolve(import.meta.dirname, "../..") } };
