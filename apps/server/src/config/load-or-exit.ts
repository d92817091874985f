import { type Config, ConfigError, loadConfig } from "./env.ts";

/** The configuration from the environment; a bad one is said plainly and exits with 1. */
export function loadConfigOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}
