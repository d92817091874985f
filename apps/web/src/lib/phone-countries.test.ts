import { DEFAULT_COUNTRY } from "@ringback/contracts";
import { getCountries } from "libphonenumber-js";
import { describe, expect, it } from "vitest";
import { browserCountry, PHONE_COUNTRY_CODES, phoneCountryOptions } from "./phone-countries";

describe("the phone country list", () => {
  it("is libphonenumber's, the countries the server reads numbers in", () => {
    expect([...PHONE_COUNTRY_CODES].sort()).toEqual([...getCountries()].sort());
  });

  it("names each country once, sorted by name", () => {
    const options = phoneCountryOptions();
    expect(options).toHaveLength(PHONE_COUNTRY_CODES.length);
    expect(options.find((o) => o.code === "GB")?.name).toBe("United Kingdom");
    const names = options.map((o) => o.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b)));
  });
});

describe("browserCountry", () => {
  it("is the region of the first language that names one", () => {
    expect(browserCountry(["en-GB", "en-US"])).toBe("GB");
    expect(browserCountry(["de"])).toBe("DE");
    expect(browserCountry(["not a tag", "fr-CA"])).toBe("CA");
  });

  it("is the installation's default when no language names a listed region", () => {
    expect(browserCountry([])).toBe(DEFAULT_COUNTRY);
    expect(browserCountry(["en-001"])).toBe(DEFAULT_COUNTRY);
  });
});
