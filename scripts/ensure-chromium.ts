// The end-to-end tests drive Debian's Chromium (a browser download cannot work on these
// machines). Installs it with apt when it is missing and we are root.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";
import { userInfo } from "node:os";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

if (!existsSync(CHROMIUM)) {
  if (userInfo().uid !== 0) {
    console.error(
      `Chromium is missing at ${CHROMIUM}. Install it: sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
  console.log("Installing Chromium for the end-to-end tests (apt-get)…");
  execSync(
    "apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-liberation",
    {
      stdio: "inherit",
    },
  );
}
