// The site's service worker made by Workbox (workbox-build, pinned in tools/site/package.json):
// its libraries copied beside the worker, the precache manifest injected into
// lite_site/service-worker.js, each entry with the sha256 of its bytes (`integrity`), and the
// worker's version (a hash of the worker with its manifest) filled in. Run by tools/site/offline.py:
//
//     node tools/site/workbox.mjs CONFIG.json
//
// CONFIG: {site, swSrc, swDest, globPatterns, globIgnores} (lite_site/site.toml [offline]; the site's
// own bookkeeping and compressed copies are never precached). Prints one line of JSON:
// {version, library, manifest: [[url, bytes, sha256 hex], …]}.
import { copyWorkboxLibraries, injectManifest } from "workbox-build";
import { createHash } from "node:crypto";
import { readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

const cfg = JSON.parse(readFileSync(process.argv[2], "utf8"));

// workbox-sw.js and the production build of each module it loads; no debug builds, no source maps.
const library = await copyWorkboxLibraries(cfg.site);
for (const name of readdirSync(path.join(cfg.site, library))) {
  if (name !== "workbox-sw.js" && !name.endsWith(".prod.js")) rmSync(path.join(cfg.site, library, name));
}

const rows = [];
function withIntegrity(entries) {
  const manifest = entries.map((entry) => {
    const bytes = readFileSync(path.join(cfg.site, decodeURIComponent(entry.url)));
    const sha = createHash("sha256").update(bytes);
    const hex = sha.copy().digest("hex");
    rows.push([entry.url, bytes.length, hex]);
    return { ...entry, integrity: "sha256-" + sha.digest("base64") };
  });
  return { manifest, warnings: [] };
}

const source = readFileSync(cfg.swSrc, "utf8");
if (source.split("@@WORKBOX@@").length !== 3) throw new Error(`${cfg.swSrc}: @@WORKBOX@@ must stand twice`);
const filled = cfg.swDest + ".src.js";
writeFileSync(filled, source.replaceAll("@@WORKBOX@@", library));
try {
  const result = await injectManifest({
    swSrc: filled,
    swDest: cfg.swDest,
    globDirectory: cfg.site,
    // and Workbox's library and JupyterLite's worker, which the worker imports
    globPatterns: [...cfg.globPatterns, `${library}/*.js`, "build/service-worker.js"],
    globIgnores: [...cfg.globIgnores, "service-worker.js", "version.json", "precache.json", "**/*.{gz,br}"],
    globFollow: false,
    maximumFileSizeToCacheInBytes: 32 * 1024 * 1024,
    manifestTransforms: [withIntegrity],
  });
  for (const warning of result.warnings) console.error("workbox: " + warning);
} finally {
  rmSync(filled, { force: true });
}

const built = readFileSync(cfg.swDest, "utf8");
if (built.split("@@VERSION@@").length !== 2) throw new Error(`${cfg.swSrc}: @@VERSION@@ must stand once`);
const version = createHash("sha256").update(built).digest("hex").slice(0, 16);
writeFileSync(cfg.swDest, built.replace("@@VERSION@@", version));
rows.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
console.log(JSON.stringify({ version, library, manifest: rows }));
