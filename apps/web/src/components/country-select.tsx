import { useState } from "react";
import { browserCountry, phoneCountryOptions } from "@/lib/phone-countries";

let options: { code: string; name: string }[] | null = null;

/**
 * The country select of the pages where a person types their own phone number (sign-in, sign-up,
 * the public opt-out page): the server reads a number typed without its country code as a
 * number of the country chosen here (ADR 0024).
 */
export function CountrySelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (country: string) => void;
}) {
  options ??= phoneCountryOptions();
  return (
    <div className="grid gap-2">
      <label htmlFor="country" className="text-sm font-medium">
        Country
      </label>
      <select
        id="country"
        name="country"
        autoComplete="country"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby="country-hint"
        className="h-9 rounded-md border border-input bg-transparent px-3 text-sm shadow-xs"
      >
        {options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </select>
      <p id="country-hint" className="text-sm text-muted-foreground">
        A number without its country code is read as a number of this country.
      </p>
    </div>
  );
}

/** The chosen country, preset from the browser's languages (else the installation's default). */
export function useCountry() {
  return useState(() => browserCountry(navigator.languages ?? [navigator.language]));
}
