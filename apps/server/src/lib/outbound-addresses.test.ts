import { describe, expect, it } from "vitest";
import { isAllowedAddress, isPublicAddress, parseAllowedNetworks } from "./outbound-addresses.ts";

describe("isPublicAddress (the SSRF guard's rule)", () => {
  it("refuses every IPv4 range that is not the public internet", () => {
    for (const address of [
      "0.0.0.0",
      "0.1.2.3",
      "10.0.0.1",
      "10.255.255.255",
      "100.64.0.1",
      "100.127.255.254",
      "127.0.0.1",
      "127.9.9.9",
      "169.254.169.254",
      "172.16.0.1",
      "172.31.255.255",
      "192.0.0.8",
      "192.0.2.10",
      "192.168.1.1",
      "198.18.0.1",
      "198.51.100.7",
      "203.0.113.9",
      "224.0.0.251",
      "239.255.255.250",
      "240.0.0.1",
      "255.255.255.255",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("allows public IPv4 addresses, including the neighbours of private ranges", () => {
    for (const address of [
      "8.8.8.8",
      "1.1.1.1",
      "9.255.255.255",
      "11.0.0.0",
      "100.63.255.255",
      "100.128.0.0",
      "172.15.255.255",
      "172.32.0.0",
      "192.167.255.255",
      "192.169.0.0",
      "223.255.255.255",
    ]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it("refuses IPv6 loopback, unspecified, link-local, unique-local, multicast and documentation", () => {
    for (const address of [
      "::",
      "::1",
      "[::1]",
      "0:0:0:0:0:0:0:1",
      "fe80::1",
      "fe80::1%eth0",
      "fec0::1",
      "fc00::1",
      "fd12:3456:789a::1",
      "ff02::1",
      "100::1",
      "2001:db8::1",
      "2001::1",
      "2002:7f00:1::1",
      "64:ff9b:1::1",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("judges IPv4 inside IPv6 (mapped, compatible, NAT64) by the IPv4 address", () => {
    for (const address of [
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:10.0.0.1",
      "::ffff:169.254.169.254",
      "::ffff:a9fe:a9fe",
      "::127.0.0.1",
      "64:ff9b::10.0.0.1",
      "64:ff9b::7f00:1",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ["::ffff:8.8.8.8", "::ffff:808:808"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
    // NAT64 reaches any IPv4 address through a gateway that may sit inside the network: refused
    // whatever it embeds (no webhook or recording host is written that way).
    expect(isPublicAddress("64:ff9b::8.8.8.8")).toBe(false);
  });

  it("allows global unicast IPv6", () => {
    for (const address of ["2606:4700:4700::1111", "2a00:1450:4001:82b::200e", "2001:4860::8888"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it("is not fooled by names or malformed text", () => {
    for (const address of ["localhost", "example.com", "", "1.2.3", "::g", "1:2:3:4:5:6:7:8:9"]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });

  it("refuses numeric forms no resolver answers with (hex, octal, one number)", () => {
    for (const address of ["0x7f.0.0.1", "0177.0.0.1", "2130706433", "127.1"]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe("networks the operator allows", () => {
  it("lets listed addresses and blocks through, and nothing else that is not public", () => {
    const allowed = parseAllowedNetworks(" 127.0.0.1, 10.1.2.0/24 ,fd00::/8");
    expect(isAllowedAddress("127.0.0.1", allowed)).toBe(true);
    expect(isAllowedAddress("::ffff:127.0.0.1", allowed)).toBe(true);
    expect(isAllowedAddress("127.0.0.2", allowed)).toBe(false);
    expect(isAllowedAddress("10.1.2.200", allowed)).toBe(true);
    expect(isAllowedAddress("10.1.3.1", allowed)).toBe(false);
    expect(isAllowedAddress("fd12::1", allowed)).toBe(true);
    expect(isAllowedAddress("169.254.169.254", allowed)).toBe(false);
    expect(isAllowedAddress("8.8.8.8", [])).toBe(true);
    expect(isAllowedAddress("127.0.0.1", [])).toBe(false);
  });

  it("says which entry is not an address", () => {
    expect(parseAllowedNetworks("")).toEqual([]);
    expect(() => parseAllowedNetworks("10.0.0.0/8, intranet")).toThrow(
      '"intranet" is not an IP address or CIDR block',
    );
    expect(() => parseAllowedNetworks("10.0.0.0/33")).toThrow("10.0.0.0/33");
  });
});
