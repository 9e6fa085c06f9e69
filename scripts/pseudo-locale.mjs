// Writes messages/en-XA.json, the pseudo-locale (lib/i18n PSEUDO_LOCALE): English with its letters
// accented and each message made about 40% longer, inside ⟦ ⟧, so that a page shown in it tells at a
// glance a word left out of the catalogues (it has no accents) and a layout that cannot take longer
// text (a German or French sentence). Placeholders and plural forms stay as they are.
//   node scripts/pseudo-locale.mjs          write it
//   node scripts/pseudo-locale.mjs --check  exit 1 when it is not what en.json makes
import fs from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const ACCENTS = Object.fromEntries(
  [..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"].map((c, i) => [
    c,
    [..."àƀçđéƒĝĥíĵķĺɱñöþǫŕšţûṽŵẋýžÀƁÇĐÉƑĜĤÍĴĶĹṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"][i],
  ]),
);

/** Accents the text of an ICU message and pads it; `{…}` arguments are kept, a plural's branches are text again. */
export function pseudo(message) {
  let out = "";
  let i = 0;
  let letters = 0;
  const text = (s) => {
    letters += s.replace(/\s/g, "").length;
    return [...s].map((c) => ACCENTS[c] ?? c).join("");
  };
  while (i < message.length) {
    const open = message.indexOf("{", i);
    if (open === -1) {
      out += text(message.slice(i));
      break;
    }
    out += text(message.slice(i, open));
    const close = matching(message, open);
    out += argument(message.slice(open, close + 1));
    i = close + 1;
  }
  // in words of up to eight, as a long word of a real language would be
  const pad = ("~".repeat(Math.max(2, Math.round(letters * 0.4))).match(/~{1,8}/g) ?? []).join(" ");
  return `⟦${out} ${pad}⟧`;
}

/** `{name}` as it is; `{count, plural, one {…} other {…}}` with each branch's text made pseudo too. */
function argument(arg) {
  const m = /^\{\s*(\w+)\s*,\s*(plural|select)\s*,(.*)\}$/s.exec(arg);
  if (!m) return arg;
  const body = m[3];
  let out = "";
  let i = 0;
  while (i < body.length) {
    const open = body.indexOf("{", i);
    if (open === -1) {
      out += body.slice(i);
      break;
    }
    out += body.slice(i, open);
    const close = matching(body, open);
    const inner = body.slice(open + 1, close);
    out += `{${pseudo(inner)
      .slice(1, -1)
      .replace(/( ~+)+$/, "")}}`;
    i = close + 1;
  }
  return `{${m[1]}, ${m[2]},${out}}`;
}

function matching(s, open) {
  let depth = 0;
  for (let i = open; i < s.length; i++) {
    if (s[i] === "{") depth++;
    else if (s[i] === "}" && --depth === 0) return i;
  }
  throw new Error(`unbalanced braces in ${s}`);
}

const en = JSON.parse(fs.readFileSync(path.join(root, "messages/en.json"), "utf8"));
const made = Object.fromEntries(
  Object.entries(en).map(([ns, m]) => [ns, Object.fromEntries(Object.entries(m).map(([k, v]) => [k, pseudo(v)]))]),
);
const file = path.join(root, "messages/en-XA.json");
const json = `${JSON.stringify(made, null, 2)}\n`;
if (process.argv.includes("--check")) {
  if (!fs.existsSync(file) || fs.readFileSync(file, "utf8") !== json) {
    console.error("messages/en-XA.json is not what messages/en.json makes: run node scripts/pseudo-locale.mjs");
    process.exit(1);
  }
} else fs.writeFileSync(file, json);
